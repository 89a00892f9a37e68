// perfgate run's reading of ctest -V output (tools/src/run_ctest_output.cpp).
#include "run_ctest_output.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace perfgate::cli {
namespace {

std::vector<std::string> shown(const std::vector<std::string>& lines) {
  CtestOutputFilter filter;
  std::vector<std::string> kept;
  for (const std::string& line : lines)
    if (auto out = filter.filter(line)) kept.push_back(*out);
  return kept;
}

TEST(RunCtestOutput, KeepsProgressVerdictTableAndCtestSummary) {
  const std::vector<std::string> kept = shown({
      "    Start 1: perf.sort",
      "1: Test command: /build/perf_sort \"--perfgate_out_dir=/build/perfgate-results\"",
      "1: BM_sort/4096    12 us   12 us   1000",  // Google Benchmark's table: left out
      "1: [2/3] BM_sort/4096  12.1 us  (0.4 s)",
      "1: perfgate: suite sort has no baseline for cpu-x, only another device's",  // a warning, not the table
      "1: BM_sort/4096    12 us   12 us   1000",
      "1: perfgate: suite 'sort' against baselines/cpu-x/sort.json (cpu-x), judged by perfgate 0.2.0",
      "1: BM_sort/4096   +0.3%   unchanged",
      "1: perfgate: PASS (exit 0)",
      "1: BM_after   1 us",  // after the status line: left out again
      "1/1 Test #1: perf.sort ........   Passed    2.50 sec",
      "100% tests passed, 0 tests failed out of 1",
      "Total Test time (real) =   2.51 sec",
  });
  const std::vector<std::string> expected = {
      "    Start 1: perf.sort",
      "[2/3] BM_sort/4096  12.1 us  (0.4 s)",
      "perfgate: suite sort has no baseline for cpu-x, only another device's",
      "perfgate: suite 'sort' against baselines/cpu-x/sort.json (cpu-x), judged by perfgate 0.2.0",
      "BM_sort/4096   +0.3%   unchanged",
      "perfgate: PASS (exit 0)",
      "1/1 Test #1: perf.sort ........   Passed    2.50 sec",
      "100% tests passed, 0 tests failed out of 1",
      "Total Test time (real) =   2.51 sec",
  };
  EXPECT_EQ(kept, expected);
}

TEST(RunCtestOutput, KeepsTheListsOfFailedAndSkippedTests) {
  const std::vector<std::string> kept =
      shown({"The following tests FAILED:", "\t  2 - perf.b (Failed)", "Errors while running CTest"});
  EXPECT_EQ(kept, (std::vector<std::string>{"The following tests FAILED:", "\t  2 - perf.b (Failed)"}));
}

TEST(RunCtestOutput, ReadsEachTestsResult) {
  const auto passed = parse_ctest_result("1/3 Test #1: perf.a ...........................   Passed    0.00 sec");
  ASSERT_TRUE(passed);
  EXPECT_EQ(passed->test, "perf.a");
  EXPECT_EQ(passed->status, CtestStatus::passed);
  EXPECT_EQ(parse_ctest_result("2/3 Test #2: perf.b ......***Failed    0.00 sec")->status, CtestStatus::failed);
  EXPECT_EQ(parse_ctest_result("3/3 Test #3: perf.c ....***Skipped   0.00 sec")->status, CtestStatus::skipped);
  EXPECT_EQ(parse_ctest_result("1/1 Test #1: perf.d ...***Timeout 1500.01 sec")->status, CtestStatus::failed);
  EXPECT_EQ(parse_ctest_result("1/1 Test #1: perf.e ***Exception: SegFault  0.1 sec")->status, CtestStatus::failed);
  EXPECT_FALSE(parse_ctest_result("1: perfgate: PASS (exit 0)"));
}

}  // namespace
}  // namespace perfgate::cli
