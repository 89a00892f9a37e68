#include "main/main_options.hpp"

#include <cstdlib>

#include <gtest/gtest.h>

#include "perfgate/gate/gate_options.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace {

bool has(const std::vector<std::string>& args, const std::string& arg) {
  return std::find(args.begin(), args.end(), arg) != args.end();
}

TEST(MainOptions, PerfgateFlagsAreReadAndRemoved) {
  std::vector<std::string> args = {"perf_x", "--perfgate_baseline=b.json", "--perfgate_junit=j.xml",
                                   "--perfgate_threshold=7.5", "--perfgate_fdr=0.03", "--perfgate_mode=gate",
                                   "--benchmark_filter=gemm"};
  const MainOptions o = parse_main_options(args);
  EXPECT_EQ(o.baseline, "b.json");
  EXPECT_EQ(o.reports.at("junit"), "j.xml");
  EXPECT_DOUBLE_EQ(o.gate.threshold_pct, 7.5);
  EXPECT_DOUBLE_EQ(o.gate.fdr_q, 0.03);  // not the default (0.01)
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

// A gate run's log carries each case's aggregates, not a row a
// repetition, unless asked; a record run and a single repetition (which has
// no aggregates) show every row.
TEST(MainOptions, AGateRunShowsAggregatesOnlyUnlessAsked) {
  const auto shown = [](std::vector<std::string> args) { return parse_main_options(args).display_aggregates_only; };
  EXPECT_TRUE(shown({"perf_x"}));
  EXPECT_FALSE(shown({"perf_x", "--benchmark_display_aggregates_only=false"}));
  EXPECT_FALSE(shown({"perf_x", "--perfgate_mode=record"}));
  EXPECT_FALSE(shown({"perf_x", "--benchmark_repetitions=1"}));
  EXPECT_TRUE(shown({"perf_x", "--perfgate_mode=record", "--benchmark_display_aggregates_only"}));
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

TEST(MainOptions, NoiseMultiplierIsOffUnlessAsked) {
  std::vector<std::string> none = {"perf_x"};
  const MainOptions defaults = parse_main_options(none);
  EXPECT_DOUBLE_EQ(defaults.gate.noise_multiplier, 0.0);
  EXPECT_DOUBLE_EQ(defaults.gate.fdr_q, 0.01);
  std::vector<std::string> args = {"perf_x", "--perfgate_noise_multiplier=2.5"};
  EXPECT_DOUBLE_EQ(parse_main_options(args).gate.noise_multiplier, 2.5);
}

TEST(MainOptions, BadFlagsAreInputErrors) {
  for (const std::string bad : {"--perfgate_bogus=1", "--perfgate_mode=fast", "--perfgate_threshold=-1",
                                "--perfgate_fdr=1.5", "--perfgate_min_samples=1", "--perfgate_confirm=maybe",
                                "--perfgate_noise_multiplier=-1", "--perfgate_noise_multiplier=101"}) {
    std::vector<std::string> args = {"perf_x", bad};
    EXPECT_THROW(parse_main_options(args), InputError) << bad;
  }
}

// Issue 41: sizes and times are range-checked, one line naming the flag.
// 2^31 - 1 repetitions a round ended in "internal error: std::bad_alloc";
// a NaN budget compared false with everything and switched it off.
TEST(MainOptions, SizesAndTimesOutOfRangeAreInputErrorsNamingTheFlag) {
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"--perfgate_confirm_repetitions=2147483647", "--perfgate_confirm_repetitions=2147483647: expected a whole number from 2 to 100000"},
      {"--perfgate_confirm_repetitions=100001", "--perfgate_confirm_repetitions"},
      {"--perfgate_remeasure_repetitions=99999999999", "--perfgate_remeasure_repetitions"},
      {"--perfgate_remeasure_seconds=nan", "--perfgate_remeasure_seconds=nan: expected a number of seconds from 0 to 1e+09"},
      {"--perfgate_remeasure_seconds=inf", "--perfgate_remeasure_seconds=inf"},
      {"--perfgate_remeasure_seconds=-1", "--perfgate_remeasure_seconds=-1"},
      {"--perfgate_remeasure_seconds=1e300", "--perfgate_remeasure_seconds=1e300"},
      {"--perfgate_round_deadline_floor=0", "--perfgate_round_deadline_floor=0: expected a number of seconds from 0.1"},
      {"--perfgate_round_deadline_floor=nan", "--perfgate_round_deadline_floor=nan"},
      {"--perfgate_history_runs=1001", "--perfgate_history_runs=1001: expected a whole number from 1 to 1000"},
      {"--benchmark_repetitions=2147483647", "--benchmark_repetitions=2147483647: expected a whole number from 1 to 100000"},
      {"--benchmark_repetitions=10x", "--benchmark_repetitions=10x"},
  };
  for (const auto& [flag, message] : bad) {
    std::vector<std::string> args = {"perf_x", flag};
    try {
      parse_main_options(args);
      ADD_FAILURE() << flag << " was accepted";
    } catch (const InputError& error) {
      EXPECT_EQ(std::string(error.what()).rfind(message, 0), 0u) << error.what();
    }
  }
  std::vector<std::string> fine = {"perf_x", "--perfgate_confirm_repetitions=100000", "--perfgate_remeasure_seconds=0",
                                   "--perfgate_round_deadline_floor=2.5"};
  const MainOptions o = parse_main_options(fine);
  EXPECT_EQ(o.confirm_repetitions, 100000);
  EXPECT_DOUBLE_EQ(o.remeasure_seconds, 0.0);
  EXPECT_DOUBLE_EQ(o.round_deadline_floor, 2.5);
  ::setenv("BENCHMARK_REPETITIONS", "2147483647", 1);
  std::vector<std::string> from_environment = {"perf_x"};
  EXPECT_THROW(parse_main_options(from_environment), InputError);
  ::unsetenv("BENCHMARK_REPETITIONS");
}

// One table (gate_options.hpp) for both parsers: the suite flags accept and
// refuse what `perfgate compare` does (issue 15 item 5).
TEST(MainOptions, GateFlagsFollowTheSharedTable) {
  for (const std::string bad : {"--perfgate_fdr=nan", "--perfgate_fdr=0", "--perfgate_threshold=nan",
                                "--perfgate_noise_multiplier=nan", "--perfgate_threshold=inf", "--perfgate_min_samples=2.5",
                                "--perfgate_threshold=1e999"}) {
    std::vector<std::string> args = {"perf_x", bad};
    EXPECT_THROW(parse_main_options(args), InputError) << bad;
  }
  std::vector<std::string> edges = {"perf_x", "--perfgate_fdr=1", "--perfgate_noise_multiplier=0",
                                    "--perfgate_threshold=1e6", "--perfgate_min_samples=1000000"};
  const MainOptions o = parse_main_options(edges);
  EXPECT_DOUBLE_EQ(o.gate.fdr_q, 1.0);
  EXPECT_DOUBLE_EQ(o.gate.noise_multiplier, 0.0);
  EXPECT_DOUBLE_EQ(o.gate.threshold_pct, 1e6);
  EXPECT_EQ(o.gate.min_samples, 1000000u);
  try {
    std::vector<std::string> args = {"perf_x", "--perfgate_fdr=nan"};
    parse_main_options(args);
    FAIL() << "--perfgate_fdr=nan was accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "--perfgate_fdr=nan: expected a number above 0 and at most 1");
  }
  const std::string help = main_options_help();
  for (const GateOption& g : gate_options()) EXPECT_NE(help.find(std::string("--perfgate_") + g.name), std::string::npos);
}

TEST(MainOptions, HelpListsEveryFlag) {
  const std::string help = main_options_help();
  for (const char* flag : {"--perfgate_mode", "--perfgate_baseline", "--perfgate_baseline_dir", "--perfgate_results",
                           "--perfgate_junit", "--perfgate_markdown", "--perfgate_threshold"})
    EXPECT_NE(help.find(flag), std::string::npos) << flag;
}

}  // namespace
}  // namespace perfgate
