#pragma once
// `perfgate run`: which tests a ctest selection runs (ctest
// --show-only=json-v1 with the same -L/-I/extra arguments), and where each
// suite writes its reports.

#include <filesystem>
#include <string>
#include <vector>

namespace perfgate::cli {

struct GatedTest {
  std::string test;                 // "perf.sort"
  std::string suite;                // "sort": the name of its report files
  std::filesystem::path out_dir;    // its --perfgate_out_dir; empty when it writes no files
};

// The tests of ctest's JSON listing (`origin` names it in errors).  The
// suite is its --perfgate_suite when given, else the test name after
// "perf." (perfgate_add_suite registers perf.<suite>); a relative out_dir
// is taken from the test's working folder.  InputError on a listing that
// is not ctest's JSON.
std::vector<GatedTest> parse_ctest_listing(const std::string& json, const std::string& origin);

}  // namespace perfgate::cli
