#pragma once
// How the candidate was configured, read from its CMakeCache.txt, so that
// the reference is configured the same way: the generator, the compilers,
// the build type, the CUDA architectures and every option the project or
// its user set (the cache's entries that are not CMake's own bookkeeping).

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace perfgate::cli {

struct CacheEntry {
  std::string name;
  std::string type;  // BOOL, STRING, PATH, FILEPATH, UNINITIALIZED, INTERNAL, STATIC
  std::string value;
};

struct CmakeCache {
  std::filesystem::path file;
  std::vector<CacheEntry> entries;
  // The value of `name`, nullopt when the cache has no such entry.
  std::optional<std::string> value(const std::string& name) const;
};

// <build>/CMakeCache.txt ("NAME:TYPE=VALUE" lines, a quoted "NAME" when it
// holds a colon; comments and blank lines skipped).  InputError naming the
// file when it cannot be read.
CmakeCache read_cmake_cache(const std::filesystem::path& build);
CmakeCache parse_cmake_cache(const std::string& text, const std::filesystem::path& file);

// Where the candidate is, and where the reference goes.
struct ConfigureFolders {
  std::filesystem::path candidate_source, candidate_build;
  std::filesystem::path reference_source, reference_build;
};

// The arguments of `cmake` that configure the reference as the candidate
// was: -S, -B, -G (and its platform and toolset), then -D<name>:<type>=<value>
// for each entry that is not INTERNAL or STATIC, a value inside the
// candidate's build or source folder moved to the reference's; with
// `compiler_launcher` (ccache), -DCMAKE_<LANG>_COMPILER_LAUNCHER for each
// language the candidate compiled that has none.
std::vector<std::string> reference_configure_arguments(const CmakeCache& cache, const ConfigureFolders& folders,
                                                       const std::string& compiler_launcher = "");

}  // namespace perfgate::cli
