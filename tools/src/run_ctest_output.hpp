#pragma once
// `perfgate run`: reading ctest's verbose output (ctest -V) line by line as
// it streams.  What a CI log needs is kept: the progress lines ("[k/N] case
// median (time)" as each case finishes), each suite's verdict table through
// its status line (of passing suites too), perfgate's messages and ctest's
// own progress and summary.  Google Benchmark's tables are left out; the
// results JSON has every sample.

#include <optional>
#include <string>

#include "main_job_exit_code.hpp"

namespace perfgate::cli {

class CtestOutputFilter {
 public:
  // The line to show (without ctest's "N: " test prefix), or nothing.
  std::optional<std::string> filter(const std::string& line);

 private:
  bool in_table_ = false;  // between "perfgate: suite ..." and "perfgate: PASS (exit 0)"
};

// A test's result line ("1/3 Test #1: perf.sort ....   Passed    2.50 sec",
// "...***Failed", "***Skipped", "***Timeout", "***Exception: SegFault").
struct CtestResult {
  std::string test;
  CtestStatus status = CtestStatus::unknown;
};
std::optional<CtestResult> parse_ctest_result(const std::string& line);

}  // namespace perfgate::cli
