#pragma once
// The list of built suites that CMake writes to <build>/perfgate-suites.json.

#include <filesystem>
#include <string>
#include <vector>

namespace perfgate::cli {

struct SuiteEntry {
  std::string name;
  std::filesystem::path binary;
  bool gpu = false;
  int gpus = 1;                   // GPUs a GPU suite may use (perfgate_add_suite's GPUS n)
  std::filesystem::path baseline_dir;
  std::vector<std::string> args;  // extra arguments of its gated run
};

struct SuiteManifest {
  std::filesystem::path file;
  std::vector<SuiteEntry> suites;
};

// The manifest in `build_dir` when given, else in $PERFGATE_BUILD_DIR, else
// in the working folder or its build/ subfolder, else at the top of the build
// tree this program was built in (the folder above it with CMakeCache.txt);
// never further up.  A manifest names the programs `baseline update` runs, so
// one whose file or folder is writable by others or belongs to another user
// (not root) is refused.  Throws InputError when none is found, it is
// refused, or it is invalid.
SuiteManifest find_suite_manifest(const std::filesystem::path& build_dir, const std::filesystem::path& program);

SuiteManifest load_suite_manifest(const std::filesystem::path& file);

// The named suites (all when `names` is empty); InputError for an unknown name.
std::vector<SuiteEntry> select_suites(const SuiteManifest& manifest, const std::vector<std::string>& names);

}  // namespace perfgate::cli
