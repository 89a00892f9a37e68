#include "reference/cmake_cache.hpp"

#include <fstream>
#include <set>
#include <sstream>

#include "perfgate/platform/errors.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

// "NAME:TYPE=VALUE" or "\"NAME\":TYPE=VALUE"; nullopt for anything else.
std::optional<CacheEntry> parse_entry(const std::string& line) {
  std::size_t name_end = 0;
  CacheEntry entry;
  if (!line.empty() && line.front() == '"') {
    name_end = line.find('"', 1);
    if (name_end == std::string::npos) return std::nullopt;
    entry.name = line.substr(1, name_end - 1);
    ++name_end;
  } else {
    name_end = line.find(':');
    if (name_end == std::string::npos) return std::nullopt;
    entry.name = line.substr(0, name_end);
  }
  if (name_end >= line.size() || line[name_end] != ':') return std::nullopt;
  const std::size_t equals = line.find('=', name_end);
  if (equals == std::string::npos) return std::nullopt;
  entry.type = line.substr(name_end + 1, equals - name_end - 1);
  entry.value = line.substr(equals + 1);
  if (entry.name.empty() || entry.type.empty()) return std::nullopt;
  return entry;
}

// `value` with the candidate's folders replaced by the reference's, the
// build folder first (it is often inside the source folder).
std::string moved(std::string value, const ConfigureFolders& folders) {
  const auto replace_all = [&value](const std::string& from, const std::string& to) {
    if (from.empty()) return;
    for (std::size_t at = value.find(from); at != std::string::npos; at = value.find(from, at + to.size()))
      value.replace(at, from.size(), to);
  };
  const std::string marker = std::string(1, '\0');  // moved build paths are not moved again as source paths
  replace_all(folders.candidate_build.string(), marker);
  replace_all(folders.candidate_source.string(), folders.reference_source.string());
  replace_all(marker, folders.reference_build.string());
  return value;
}

}  // namespace

std::optional<std::string> CmakeCache::value(const std::string& name) const {
  for (const CacheEntry& entry : entries)
    if (entry.name == name) return entry.value;
  return std::nullopt;
}

CmakeCache parse_cmake_cache(const std::string& text, const fs::path& file) {
  CmakeCache cache;
  cache.file = file;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line.rfind("//", 0) == 0 || line.front() == '#') continue;
    if (auto entry = parse_entry(line)) cache.entries.push_back(std::move(*entry));
  }
  if (!cache.value("CMAKE_HOME_DIRECTORY")) throw InputError(file.string() + ": not a CMake cache (no CMAKE_HOME_DIRECTORY)");
  return cache;
}

CmakeCache read_cmake_cache(const fs::path& build) {
  const fs::path file = build / "CMakeCache.txt";
  std::ifstream in(file);
  if (!in) throw InputError(file.string() + ": cannot be read (is " + build.string() + " a configured CMake build?)");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_cmake_cache(text.str(), file);
}

std::vector<std::string> reference_configure_arguments(const CmakeCache& cache, const ConfigureFolders& folders,
                                                       const std::string& compiler_launcher) {
  std::vector<std::string> args = {"-S", folders.reference_source.string(), "-B", folders.reference_build.string()};
  if (const auto generator = cache.value("CMAKE_GENERATOR"); generator && !generator->empty())
    args.insert(args.end(), {"-G", *generator});
  for (const char* part : {"CMAKE_GENERATOR_PLATFORM", "CMAKE_GENERATOR_TOOLSET"})
    if (const auto value = cache.value(part); value && !value->empty())
      args.insert(args.end(), {std::string(part == std::string("CMAKE_GENERATOR_PLATFORM") ? "-A" : "-T"), *value});
  std::set<std::string> launched;
  for (const CacheEntry& entry : cache.entries) {
    if (entry.type == "INTERNAL" || entry.type == "STATIC") continue;  // CMake's bookkeeping, this build's own
    args.push_back("-D" + entry.name + ":" + entry.type + "=" + moved(entry.value, folders));
    if (entry.name.ends_with("_COMPILER_LAUNCHER")) launched.insert(entry.name);
  }
  if (!compiler_launcher.empty())
    for (const char* language : {"C", "CXX", "CUDA"}) {
      const std::string launcher = std::string("CMAKE_") + language + "_COMPILER_LAUNCHER";
      if (cache.value(std::string("CMAKE_") + language + "_COMPILER") && !launched.contains(launcher))
        args.push_back("-D" + launcher + ":STRING=" + compiler_launcher);
    }
  return args;
}

}  // namespace perfgate::cli
