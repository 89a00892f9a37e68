#include "suite_manifest.hpp"

#include <cstdlib>

#include <nlohmann/json.hpp>

#include "perfgate/model/atomic_file.hpp"
#include "perfgate/model/errors.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

constexpr const char* kManifestName = "perfgate-suites.json";

std::optional<fs::path> search_upwards(fs::path folder) {
  std::error_code ignored;
  folder = fs::absolute(folder, ignored);
  for (; !folder.empty(); folder = folder.parent_path()) {
    for (const fs::path& candidate : {folder / kManifestName, folder / "build" / kManifestName})
      if (fs::exists(candidate, ignored)) return candidate;
    if (folder == folder.root_path()) break;
  }
  return std::nullopt;
}

}  // namespace

SuiteManifest load_suite_manifest(const fs::path& file) {
  const std::string origin = file.string();
  try {
    const auto doc = nlohmann::json::parse(read_file(file));
    if (doc.value("schema", "") != "perfgate/suites")
      throw InputError(origin + ": not a perfgate suite manifest");
    SuiteManifest manifest{file, {}};
    for (const auto& s : doc.at("suites")) {
      SuiteEntry entry;
      entry.name = s.at("name").get<std::string>();
      entry.binary = s.at("binary").get<std::string>();
      entry.gpu = s.value("gpu", false);
      entry.baseline_dir = s.at("baseline_dir").get<std::string>();
      entry.args = s.value("args", std::vector<std::string>{});
      manifest.suites.push_back(std::move(entry));
    }
    return manifest;
  } catch (const nlohmann::json::exception& e) {
    throw InputError(origin + ": invalid suite manifest: " + e.what());
  }
}

SuiteManifest find_suite_manifest(const fs::path& build_dir, const fs::path& program) {
  if (!build_dir.empty()) return load_suite_manifest(build_dir / kManifestName);
  if (const char* env = std::getenv("PERFGATE_BUILD_DIR"); env && *env)
    return load_suite_manifest(fs::path(env) / kManifestName);
  if (auto found = search_upwards(fs::current_path())) return load_suite_manifest(*found);
  if (auto found = search_upwards(program.parent_path())) return load_suite_manifest(*found);
  throw InputError(std::string(kManifestName) + ": not found; build the suites first, or pass --build-dir");
}

std::vector<SuiteEntry> select_suites(const SuiteManifest& manifest, const std::vector<std::string>& names) {
  if (names.empty()) return manifest.suites;
  std::vector<SuiteEntry> chosen;
  for (const std::string& name : names) {
    bool found = false;
    for (const SuiteEntry& s : manifest.suites)
      if (s.name == name) chosen.push_back(s), found = true;
    if (!found) {
      std::string known;
      for (const SuiteEntry& s : manifest.suites) known += (known.empty() ? "" : ", ") + s.name;
      throw InputError(manifest.file.string() + ": no suite named " + quote_text(name) + " (built: " + known + ")");
    }
  }
  return chosen;
}

}  // namespace perfgate::cli
