// The gate with a run history: a case's run-to-run spread from its recent
// runs replaces the assumed floor, and every report says which was used.

#include "perfgate/gate/run_spread_history.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/gate/confirmation.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

struct Pair {
  Results base = results("s", {benchmark("x", lognormal_samples(1e-3, 0.005, 10, 1)),
                               benchmark("y", lognormal_samples(1e-3, 0.005, 10, 2))});
  Results cur = results("s", {benchmark("x", lognormal_samples(1.06e-3, 0.005, 10, 3)),
                              benchmark("y", lognormal_samples(1.06e-3, 0.005, 10, 4))});
};

TEST(RunSpreadHistory, WithoutAHistoryTheFloorIsUsedAndSaid) {
  const Pair p;
  const Comparison c = compare_results(p.base, p.cur);
  const RunSpread& s = c.find("x")->evidence->run_spread;
  EXPECT_EQ(s.source, RunSpreadSource::floor);
  EXPECT_DOUBLE_EQ(s.sd, 0.01);
  EXPECT_FALSE(c.run_spread_history);
}

TEST(RunSpreadHistory, AKnownCaseTakesItsSpreadFromTheHistory) {
  const Pair p;
  RunSpreadHistory history{"h.sqlite, testbed t", {{"x", {0.002, RunSpreadSource::history, 12, {}}}}};
  const Comparison with = compare_results(p.base, p.cur, {}, &history);
  const Comparison without = compare_results(p.base, p.cur);
  const Evidence& x = *with.find("x")->evidence;
  EXPECT_EQ(x.run_spread.source, RunSpreadSource::history);
  EXPECT_DOUBLE_EQ(x.run_spread.sd, 0.002);
  EXPECT_EQ(x.run_spread.runs, 12u);
  // 0.2% measured instead of 1% assumed: a narrower interval, so a 6%
  // slowdown is judged a regression that the floor left inconclusive.
  EXPECT_LT(x.ci_high - x.ci_low, without.find("x")->evidence->ci_high - without.find("x")->evidence->ci_low);
  EXPECT_EQ(with.find("x")->verdict, Verdict::regression);
  // "y" is not in the history: the floor, as before.
  EXPECT_EQ(with.find("y")->evidence->run_spread.source, RunSpreadSource::floor);
  EXPECT_EQ(with.find("y")->verdict, without.find("y")->verdict);
  ASSERT_FALSE(with.notes.empty());
  EXPECT_NE(with.notes.back().find("from the history (h.sqlite, testbed t) for 1 of 2"), std::string::npos)
      << with.notes.back();
}

TEST(RunSpreadHistory, ANoisyHistoryWidensTheInterval) {
  const Pair p;
  RunSpreadHistory history{"h", {{"x", {0.05, RunSpreadSource::history, 8, {}}}}};
  const Comparison c = compare_results(p.base, p.cur, {}, &history);
  EXPECT_EQ(c.find("x")->evidence->run_spread.source, RunSpreadSource::history);
  EXPECT_FALSE(c.find("x")->evidence->run_spread.implausible_history_sd);
  EXPECT_NE(c.find("x")->verdict, Verdict::regression);  // 6% is within a 5% run-to-run spread's reach
  EXPECT_EQ(compare_results(p.base, p.cur).find("x")->verdict, Verdict::regression) << "the floor alone finds it";
}

// Issue 24: a history above the cap (kMaxHistoryRunSpread) is not believed:
// the case is judged as if no history were given, and a note says so.
TEST(RunSpreadHistory, AnImplausibleHistoryIsNotBelievedAndSaid) {
  const Pair p;
  const Comparison without = compare_results(p.base, p.cur);
  for (double sd : {0.1001, 0.2, 0.5, 4.6, 1e6, std::numeric_limits<double>::infinity(), std::nan("")}) {
    RunSpreadHistory history{"h.sqlite, testbed t", {{"x", {sd, RunSpreadSource::history, 20, {}}}}};
    const Comparison c = compare_results(p.base, p.cur, {}, &history);
    const Evidence& x = *c.find("x")->evidence;
    EXPECT_EQ(x.run_spread.source, RunSpreadSource::floor) << sd;
    ASSERT_TRUE(x.run_spread.implausible_history_sd) << sd;
    EXPECT_EQ(c.find("x")->verdict, without.find("x")->verdict) << sd;
    EXPECT_DOUBLE_EQ(x.ci_low, without.find("x")->evidence->ci_low) << sd;
    EXPECT_DOUBLE_EQ(x.ci_high, without.find("x")->evidence->ci_high) << sd;
    ASSERT_EQ(c.notes.size(), 2u) << sd;
    EXPECT_NE(c.notes.back().find("1 case(s) judged as if no history were given"), std::string::npos) << c.notes.back();
    EXPECT_NE(c.notes.back().find("above the 10% cap"), std::string::npos) << c.notes.back();
    EXPECT_NE(c.notes.back().find("'x'"), std::string::npos) << c.notes.back();
  }
  // At the cap it is believed.
  RunSpreadHistory at_cap{"h", {{"x", {kMaxHistoryRunSpread, RunSpreadSource::history, 20, {}}}}};
  EXPECT_EQ(compare_results(p.base, p.cur, {}, &at_cap).find("x")->evidence->run_spread.source, RunSpreadSource::history);
}

// Issue 24's invariant: a slowdown that the baseline alone establishes as a
// REGRESSION beyond what the capped spread can explain (z x 10% x sqrt(1/R_b
// + 1/R_c): x1.44 at one round a side) stays a REGRESSION with any history:
// quiet, noisy, at the cap, poisoned (x1/x100 alternating: 4.6 on the log
// scale), or not a number.
TEST(RunSpreadHistory, NoHistoryTurnsAnEstablishedSlowdownIntoAPass) {
  for (double slowdown : {1.5, 2.0, 10.0}) {
    for (int seed = 1; seed <= 20; ++seed) {
      const Results base = results("s", {benchmark("x", lognormal_samples(1e-3, 0.01, 10, seed))});
      const Results cur = results("s", {benchmark("x", lognormal_samples(slowdown * 1e-3, 0.01, 10, 100 + seed))});
      ASSERT_EQ(compare_results(base, cur).find("x")->verdict, Verdict::regression) << slowdown << " " << seed;
      for (double sd : {0.0, 1e-4, 0.01, 0.03, 0.05, 0.099, 0.1, 0.101, 0.5, 4.6, 1e300, std::nan("")}) {
        RunSpreadHistory history{"h", {{"x", {sd, RunSpreadSource::history, 20, {}}}}};
        EXPECT_EQ(compare_results(base, cur, {}, &history).find("x")->verdict, Verdict::regression)
            << "slowdown " << slowdown << ", seed " << seed << ", history sd " << sd;
      }
    }
  }
}

TEST(RunSpreadHistory, BaselineRoundsThatMovedMoreWin) {
  Pair p;
  // Two rounds 4% apart: their spread is larger than the history's.
  std::vector<double> pooled = lognormal_samples(1e-3, 0.002, 5, 7);
  for (double v : lognormal_samples(1.04e-3, 0.002, 5, 8)) pooled.push_back(v);
  p.base.benchmarks[0] = benchmark("x", pooled);
  p.base.benchmarks[0].rounds = {5, 5};
  RunSpreadHistory history{"h", {{"x", {0.002, RunSpreadSource::history, 8, {}}}}};
  const RunSpread s = compare_results(p.base, p.cur, {}, &history).find("x")->evidence->run_spread;
  EXPECT_EQ(s.source, RunSpreadSource::rounds);
  EXPECT_GT(s.sd, 0.02);
  EXPECT_EQ(s.runs, 2u);
}

// Issue 25: a run whose samples spread far more than its baseline's was
// disturbed (load, clocks); its excess spread is a run-to-run term, so an
// unchanged case it measured slower is not a regression, while a planted 10x
// still is.
TEST(DisturbedRun, ItsExcessSpreadWidensTheIntervalAndSaysSo) {
  const Results base = results("s", {benchmark("x", lognormal_samples(1e-3, 0.01, 10, 1)),
                                     benchmark("planted", lognormal_samples(1e-3, 0.01, 10, 2))});
  const Results cur = results("s", {benchmark("x", lognormal_samples(1.3e-3, 0.15, 10, 3)),
                                    benchmark("planted", lognormal_samples(10e-3, 0.15, 10, 4))});
  const Comparison c = compare_results(base, cur);
  const Evidence& x = *c.find("x")->evidence;
  EXPECT_EQ(x.run_spread.source, RunSpreadSource::noise);
  EXPECT_GT(x.run_spread.sd, 0.08);
  EXPECT_NE(c.find("x")->verdict, Verdict::regression) << c.find("x")->reason;
  EXPECT_EQ(c.find("planted")->verdict, Verdict::regression) << c.find("planted")->reason;
}

// A quiet run of the same distribution as its baseline almost never counts
// as disturbed (a robust CV from 10 samples is itself noisy): at most 1% of
// 400 cases, whatever their own noise.
TEST(DisturbedRun, AQuietRunIsAlmostNeverCalledDisturbed) {
  for (double noise : {0.005, 0.02, 0.05}) {
    std::vector<BenchmarkResult> base, cur;
    for (int i = 0; i < 400; ++i) {
      base.push_back(benchmark("b" + std::to_string(i), lognormal_samples(1e-3, noise, 10, 1000 + i)));
      cur.push_back(benchmark("b" + std::to_string(i), lognormal_samples(1e-3, noise, 10, 5000 + i)));
    }
    const Comparison c = compare_results(results("s", base), results("s", cur));
    int disturbed = 0;
    for (const BenchmarkComparison& b : c.benchmarks) disturbed += b.evidence->run_spread.source == RunSpreadSource::noise;
    EXPECT_LE(disturbed, 4) << "noise " << noise;
  }
}

TEST(RunSpreadHistory, CaseSettingsCarryOnlyThatCase) {
  RunSpreadHistory history{"h", {{"x", {0.003, RunSpreadSource::history, 6, {}}}}};
  const GateSettings x = case_settings({}, &history, "x");
  EXPECT_EQ(x.history_run_spread_sd, 0.003);
  EXPECT_EQ(x.history_runs, 6u);
  EXPECT_FALSE(case_settings({}, &history, "y").history_run_spread_sd);
  EXPECT_FALSE(case_settings({}, nullptr, "x").history_run_spread_sd);
}

}  // namespace
}  // namespace perfgate
