#include "perfgate/baselines/baseline_refresh.hpp"

#include <gtest/gtest.h>

#include "perfgate/platform/errors.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::results;

TEST(PoolRuns, ConcatenatesSamplesAndTakesMedianCounters) {
  Results a = results("host", {benchmark("x", {1, 2, 3}), benchmark("y", {5, 5})});
  Results b = results("host", {benchmark("x", {4, 5}), benchmark("z", {9, 9, 9})});
  a.benchmarks[0].counters["FLOP"] = 10.0;
  b.benchmarks[0].counters["FLOP"] = 30.0;
  a.benchmarks[0].throttled_samples = 1;
  b.benchmarks[0].throttled_samples = 2;
  const Results pooled = pool_runs({a, b});
  ASSERT_EQ(pooled.benchmarks.size(), 3u);
  EXPECT_EQ(pooled.find("x")->samples, (std::vector<double>{1, 2, 3, 4, 5}));
  EXPECT_EQ(std::get<double>(pooled.find("x")->counters.at("FLOP")), 20.0);
  EXPECT_EQ(pooled.find("x")->throttled_samples, 3);
  EXPECT_EQ(pooled.find("x")->rounds, (std::vector<std::size_t>{3, 2}));
  EXPECT_TRUE(pooled.find("z")->rounds.empty()) << "one run is not a pool";
  EXPECT_EQ(pooled.find("z")->samples.size(), 3u);
}

// Counts pooled over rounds: the median, and a spread no narrower than the
// rounds' own, so the count gate asks a change to stand above both.
TEST(PoolRuns, ACountsSpreadIsWidenedToTheRoundsOwn) {
  Results a = results("host", {benchmark("x", {1, 2}), benchmark("steady", {1, 2})});
  Results b = results("host", {benchmark("x", {1, 2}), benchmark("steady", {1, 2})});
  Results c = results("host", {benchmark("x", {1, 2}), benchmark("steady", {1, 2})});
  const double counts[] = {1000.0, 1010.0, 1004.0};
  Results* runs[] = {&a, &b, &c};
  for (int i = 0; i < 3; ++i) {
    runs[i]->benchmarks[0].counters["instructions"] = counts[i];
    runs[i]->benchmarks[0].counters["instructions_spread_pct"] = 0.1;
    runs[i]->benchmarks[1].counters["instructions"] = 500.0;
    runs[i]->benchmarks[1].counters["instructions_spread_pct"] = 0.2;
  }
  const Results pooled = pool_runs({a, b, c});
  EXPECT_EQ(std::get<double>(pooled.find("x")->counters.at("instructions")), 1004.0);
  EXPECT_NEAR(std::get<double>(pooled.find("x")->counters.at("instructions_spread_pct")), 10.0 / 1004.0 * 100.0, 1e-12);
  EXPECT_EQ(std::get<double>(pooled.find("steady")->counters.at("instructions_spread_pct")), 0.2)
      << "identical rounds keep their repetitions' spread";
}

// A GPU case's kernel counts: the kernels' instructions' spread widened the
// same way, and the latest round that counted the case gives kernel_counts.
TEST(PoolRuns, AGpuCasesKernelCountsPoolLikeTheHostsInstructions) {
  Results a = results("gpu", {benchmark("k", {1, 2})});
  Results b = results("gpu", {benchmark("k", {1, 2})});
  a.benchmarks[0].counters["kernel_instructions"] = 2000.0;
  a.benchmarks[0].counters["kernel_instructions_spread_pct"] = 0.0;
  a.benchmarks[0].kernel_counts = {{"scale", 1.0, {{"kernel_instructions", 2000.0}}}};
  b.benchmarks[0].counters["kernel_instructions"] = 2002.0;
  b.benchmarks[0].counters["kernel_instructions_spread_pct"] = 0.0;
  b.benchmarks[0].kernel_counts = {{"scale", 1.0, {{"kernel_instructions", 2002.0}}}};
  Results uncounted = results("gpu", {benchmark("k", {1, 2})});
  const Results pooled = pool_runs({a, b, uncounted});
  const BenchmarkResult& k = *pooled.find("k");
  EXPECT_EQ(std::get<double>(k.counters.at("kernel_instructions")), 2001.0);
  EXPECT_NEAR(std::get<double>(k.counters.at("kernel_instructions_spread_pct")), 2.0 / 2001.0 * 100.0, 1e-12);
  ASSERT_EQ(k.kernel_counts.size(), 1u);
  EXPECT_EQ(k.kernel_counts[0].counts.at("kernel_instructions"), 2002.0) << "the latest counted round's";
}

TEST(PoolRuns, AFailureInAnyRunFailsTheCase) {
  const Results a = results("host", {benchmark("x", {1, 2, 3})});
  const Results b = results("host", {testing::failed_benchmark("x", "boom")});
  const Results pooled = pool_runs({a, b});
  EXPECT_EQ(pooled.find("x")->error, "boom");
  EXPECT_TRUE(pooled.find("x")->samples.empty());
}

TEST(PoolRuns, RefusesMixedSuitesOrDevices) {
  EXPECT_THROW(pool_runs({results("a", {}), results("b", {})}), InputError);
  EXPECT_THROW(pool_runs({results("a", {}), results("a", {}, testing::test_gpu())}), InputError);
  Results bigger = results("a", {});  // one slug, another size of machine
  bigger.fingerprint.logical_cpus = 16;
  EXPECT_THROW(pool_runs({results("a", {}), bigger}), InputError);
}

TEST(RefreshedBaseline, OverridesSurviveARefresh) {
  Results old = results("host", {benchmark("x", {1, 1, 1}), benchmark("gone", {2, 2, 2})});
  old.benchmarks[0].gate.threshold_pct = 12.0;
  old.benchmarks[0].gate.ignore = true;
  old.benchmarks[0].gate.reason = "flaky on shared runners";
  const Results fresh = refreshed_baseline(old, results("host", {benchmark("x", {3, 3, 3})}), {});
  ASSERT_EQ(fresh.benchmarks.size(), 1u) << "a full refresh drops removed cases";
  EXPECT_EQ(fresh.benchmarks[0].samples, (std::vector<double>{3, 3, 3}));
  EXPECT_EQ(fresh.benchmarks[0].gate.threshold_pct, 12.0);
  EXPECT_TRUE(fresh.benchmarks[0].gate.ignore);
  EXPECT_EQ(fresh.benchmarks[0].gate.reason, "flaky on shared runners");
}

TEST(RefreshedBaseline, PartialRefreshKeepsTheRest) {
  const Results old = results("host", {benchmark("x", {1, 1, 1}), benchmark("y", {2, 2, 2})});
  const Results fresh = refreshed_baseline(old, results("host", {benchmark("x", {3, 3, 3})}), {.partial = true});
  ASSERT_EQ(fresh.benchmarks.size(), 2u);
  EXPECT_EQ(fresh.find("y")->samples, (std::vector<double>{2, 2, 2}));
  EXPECT_EQ(fresh.find("x")->samples, (std::vector<double>{3, 3, 3}));
}

TEST(RefreshedBaseline, AppendPoolsRoundsAndKeepsTheLatest) {
  Results old = results("host", {benchmark("x", {1, 1, 2, 2, 3, 3})});
  old.benchmarks[0].rounds = {2, 2, 2};
  Results fresh = results("host", {benchmark("x", {4, 4, 5, 5})});
  fresh.benchmarks[0].rounds = {2, 2};
  const Results kept_all = refreshed_baseline(old, fresh, {.append = true, .keep_rounds = 8});
  EXPECT_EQ(kept_all.find("x")->samples, (std::vector<double>{1, 1, 2, 2, 3, 3, 4, 4, 5, 5}));
  EXPECT_EQ(kept_all.find("x")->rounds, (std::vector<std::size_t>{2, 2, 2, 2, 2}));
  const Results latest = refreshed_baseline(old, fresh, {.append = true, .keep_rounds = 3});
  EXPECT_EQ(latest.find("x")->samples, (std::vector<double>{3, 3, 4, 4, 5, 5}));
  EXPECT_EQ(latest.find("x")->round_medians(), (std::vector<double>{3, 4, 5}));
}

TEST(RefreshedBaseline, AppendToASingleRunMakesTwoRounds) {
  const Results old = results("host", {benchmark("x", {1, 1, 1})});
  const Results fresh = refreshed_baseline(old, results("host", {benchmark("x", {2, 2})}), {.append = true});
  EXPECT_EQ(fresh.find("x")->rounds, (std::vector<std::size_t>{3, 2}));
}

TEST(RefreshedBaseline, WithoutOldBaselineIsTheFreshRun) {
  const Results fresh = refreshed_baseline(std::nullopt, results("host", {benchmark("x", {3})}), {});
  EXPECT_EQ(fresh.benchmarks.size(), 1u);
}

}  // namespace
}  // namespace perfgate
