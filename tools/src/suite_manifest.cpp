#include "suite_manifest.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <optional>

#include <nlohmann/json.hpp>

#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/json_unique_keys.hpp"
#include "perfgate/model/suite_name.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

constexpr const char* kManifestName = "perfgate-suites.json";

// Why `path` may not decide what `baseline update` runs, or nullopt: it
// must belong to this user or root and be writable by no one else.  Whoever
// can plant or replace the manifest (in /tmp, in another user's folder)
// chooses the programs run, perhaps as root.  Group-writable is allowed: a
// team's shared build tree is usually group-writable, and a group is chosen.
std::optional<std::string> untrusted_because(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;  // missing: loading says so
  if (st.st_uid != ::geteuid() && st.st_uid != 0)
    return path.string() + " belongs to another user (uid " + std::to_string(st.st_uid) + ")";
  if (st.st_mode & S_IWOTH) return path.string() + " is writable by others";
  return std::nullopt;
}

SuiteManifest load_trusted_manifest(const fs::path& file) {
  std::error_code ignored;
  const fs::path absolute = fs::absolute(file, ignored);
  for (const fs::path& path : {absolute.parent_path(), absolute})
    if (const auto why = untrusted_because(path))
      throw InputError(file.string() + ": not used: " + *why + "; pass --build-dir with your own build tree");
  return load_suite_manifest(file);
}

// The build tree this program was built in: the first folder above it that
// holds CMakeCache.txt.  Nothing above that tree is searched, so a manifest
// planted further up (in /tmp, in /) is never found.
std::optional<fs::path> own_build_tree(const fs::path& program) {
  std::error_code ignored;
  fs::path exe = program.has_parent_path() ? program : fs::read_symlink("/proc/self/exe", ignored);
  fs::path folder = fs::weakly_canonical(fs::absolute(exe, ignored), ignored).parent_path();
  for (; !folder.empty(); folder = folder.parent_path()) {
    if (fs::exists(folder / "CMakeCache.txt", ignored)) return folder;
    if (folder == folder.root_path()) break;
  }
  return std::nullopt;
}

}  // namespace

SuiteManifest load_suite_manifest(const fs::path& file) {
  const std::string origin = file.string();
  try {
    const auto doc = parse_json_with_unique_keys(read_file(file), origin);
    if (doc.value("schema", "") != "perfgate/suites")
      throw InputError(origin + ": not a perfgate suite manifest");
    SuiteManifest manifest{file, {}};
    for (const auto& s : doc.at("suites")) {
      SuiteEntry entry;
      entry.name = s.at("name").get<std::string>();
      require_suite_name(entry.name, origin);  // it names files and baselines
      entry.binary = s.at("binary").get<std::string>();
      entry.gpu = s.value("gpu", false);
      entry.gpus = s.value("gpus", 1);
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
  if (!build_dir.empty()) return load_trusted_manifest(build_dir / kManifestName);
  if (const char* env = std::getenv("PERFGATE_BUILD_DIR"); env && *env)
    return load_trusted_manifest(fs::path(env) / kManifestName);
  std::error_code ignored;
  const fs::path here = fs::current_path();
  for (const fs::path& candidate : {here / kManifestName, here / "build" / kManifestName})
    if (fs::exists(candidate, ignored)) return load_trusted_manifest(candidate);
  if (const auto tree = own_build_tree(program); tree && fs::exists(*tree / kManifestName, ignored))
    return load_trusted_manifest(*tree / kManifestName);
  throw InputError(std::string(kManifestName) + ": not found here, in ./build or in this program's build tree; "
                   "build the suites first, or pass --build-dir");
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
