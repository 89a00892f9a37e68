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
  std::filesystem::path program;    // the program it runs (the suite binary)
  std::vector<std::string> args;    // its arguments
  std::filesystem::path baseline_dir;  // its --perfgate_baseline_dir; empty when not given
  bool gpu = false;                 // labelled `gpu` (perfgate_add_suite's GPU suites)
  // What else ctest runs it with, to run another build's program the same
  // way (a reference built elsewhere, reference/reference_build.hpp).
  std::filesystem::path working_directory;
  std::vector<std::string> environment;  // ENVIRONMENT: "NAME=value"
  double timeout = 0.0;                  // TIMEOUT in seconds; 0: ctest's default
};

// The tests of ctest's JSON listing (`origin` names it in errors).  The
// suite is its --perfgate_suite when given, else the test name after
// "perf." (perfgate_add_suite registers perf.<suite>); a relative out_dir
// is taken from the test's working folder.  InputError on a listing that
// is not ctest's JSON, on a suite that breaks the suite-name rule
// (suite_name.hpp: "perf.../../victim" names no file outside its folder)
// and on two tests of one suite, naming the test(s).
std::vector<GatedTest> parse_ctest_listing(const std::string& json, const std::string& origin);

// The tests `ctest <args> --show-only=json-v1` lists, parsed as above.
// InputError when ctest fails.
std::vector<GatedTest> list_tests(const std::filesystem::path& ctest, std::vector<std::string> args);

// `test` as a regex ctest -R matches that name alone ("^perf\\.host$").
std::string exact_test_regex(const std::string& test);

}  // namespace perfgate::cli
