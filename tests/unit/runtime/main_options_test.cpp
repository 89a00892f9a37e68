#include "perfgate/runtime/main_options.hpp"

#include <cstdlib>

#include <gtest/gtest.h>

#include "perfgate/model/errors.hpp"

namespace perfgate {
namespace {

bool has(const std::vector<std::string>& args, const std::string& arg) {
  return std::find(args.begin(), args.end(), arg) != args.end();
}

TEST(MainOptions, PerfgateFlagsAreReadAndRemoved) {
  std::vector<std::string> args = {"perf_x", "--perfgate_baseline=b.json", "--perfgate_junit=j.xml",
                                   "--perfgate_threshold=7.5", "--perfgate_fdr=0.01", "--perfgate_mode=gate",
                                   "--benchmark_filter=gemm"};
  const MainOptions o = parse_main_options(args);
  EXPECT_EQ(o.baseline, "b.json");
  EXPECT_EQ(o.junit, "j.xml");
  EXPECT_DOUBLE_EQ(o.gate.threshold_pct, 7.5);
  EXPECT_DOUBLE_EQ(o.gate.fdr_q, 0.01);
  EXPECT_EQ(o.mode, RunMode::gate);
  for (const auto& a : args) EXPECT_EQ(a.rfind("--perfgate_", 0), std::string::npos) << a;
  EXPECT_TRUE(has(args, "--benchmark_filter=gemm"));
}

TEST(MainOptions, DefaultsToTenInterleavedRepetitions) {
  std::vector<std::string> args = {"perf_x"};
  const MainOptions o = parse_main_options(args);
  EXPECT_EQ(o.repetitions, 10);
  EXPECT_TRUE(has(args, "--benchmark_repetitions=10"));
  EXPECT_TRUE(has(args, "--benchmark_enable_random_interleaving=true"));
}

TEST(MainOptions, UserRepetitionsWin) {
  std::vector<std::string> args = {"perf_x", "--benchmark_repetitions=25"};
  const MainOptions o = parse_main_options(args);
  EXPECT_EQ(o.repetitions, 25);
  EXPECT_FALSE(has(args, "--benchmark_repetitions=10"));
}

TEST(MainOptions, AggregatesOnlyIsHandledOnTheDisplaySide) {
  std::vector<std::string> args = {"perf_x", "--benchmark_report_aggregates_only=true"};
  const MainOptions o = parse_main_options(args);
  EXPECT_TRUE(o.display_aggregates_only);
  EXPECT_FALSE(has(args, "--benchmark_report_aggregates_only=true")) << "perfgate needs every repetition";
}

TEST(MainOptions, SmokeRunsEachCaseOnce) {
  std::vector<std::string> args = {"perf_x", "--perfgate_mode=smoke", "--benchmark_repetitions=7"};
  const MainOptions o = parse_main_options(args);
  EXPECT_EQ(o.mode, RunMode::smoke);
  EXPECT_EQ(args.back(), "--benchmark_min_time=0");
  EXPECT_TRUE(has(args, "--benchmark_repetitions=1"));
}

TEST(MainOptions, EnvironmentTwinAndCommandLineWins) {
  ::setenv("PERFGATE_THRESHOLD", "9", 1);
  std::vector<std::string> args = {"perf_x"};
  EXPECT_DOUBLE_EQ(parse_main_options(args).gate.threshold_pct, 9.0);
  std::vector<std::string> args2 = {"perf_x", "--perfgate_threshold=3"};
  EXPECT_DOUBLE_EQ(parse_main_options(args2).gate.threshold_pct, 3.0);
  ::unsetenv("PERFGATE_THRESHOLD");
}

TEST(MainOptions, BadFlagsAreInputErrors) {
  for (const std::string bad : {"--perfgate_bogus=1", "--perfgate_mode=fast", "--perfgate_threshold=-1",
                                "--perfgate_fdr=1.5", "--perfgate_min_samples=1", "--perfgate_confirm=maybe"}) {
    std::vector<std::string> args = {"perf_x", bad};
    EXPECT_THROW(parse_main_options(args), InputError) << bad;
  }
}

TEST(MainOptions, HelpListsEveryFlag) {
  const std::string help = main_options_help();
  for (const char* flag : {"--perfgate_mode", "--perfgate_baseline", "--perfgate_baseline_dir", "--perfgate_results",
                           "--perfgate_junit", "--perfgate_markdown", "--perfgate_threshold"})
    EXPECT_NE(help.find(flag), std::string::npos) << flag;
}

}  // namespace
}  // namespace perfgate
