// --perfgate_trace on a suite without GPU cases: one warning, and the run
// records and gates exactly as without it.

#include <gtest/gtest.h>

#include "perfgate/formats/results_io.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

using testing::run_shell;
using testing::shell_word;
using testing::count_occurrences;
using testing::TempDir;

TEST(TraceFallback, AHostSuiteWarnsOnceAndRecordsAsUsual) {
  const TempDir dir;
  const auto run = run_shell(shell_word(PERFGATE_HOST_SUITE) +
                             " --benchmark_filter='^cpu_elementwise/fused' --benchmark_repetitions=3"
                             " --benchmark_min_time=0.001 --perfgate_mode=record --perfgate_results=" +
                             shell_word((dir / "r.json").string()) + " --perfgate_trace=" +
                             shell_word((dir / "traces").string()));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(count_occurrences(run.output, "perfgate: tracing is off: this suite has no GPU cases"), 1u) << run.output;
  const Results results = load_results(dir / "r.json");
  ASSERT_FALSE(results.benchmarks.empty());
  for (const BenchmarkResult& b : results.benchmarks) {
    EXPECT_EQ(b.samples.size(), 3u) << b.name;
    EXPECT_FALSE(b.trace.has_value()) << b.name;
    EXPECT_TRUE(b.kernels.empty()) << b.name;
  }
}

TEST(TraceFallback, TheFlagIsListedInTheHelp) {
  const auto help = run_shell(shell_word(PERFGATE_HOST_SUITE) + " --perfgate_help");
  ASSERT_EQ(help.exit_code, 0);
  EXPECT_NE(help.output.find("--perfgate_trace"), std::string::npos) << help.output;
}

}  // namespace
}  // namespace perfgate
