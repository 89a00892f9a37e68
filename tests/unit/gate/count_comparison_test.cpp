#include "perfgate/gate/count_comparison.hpp"

#include <gtest/gtest.h>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/gate/comparison_json.hpp"
#include "perfgate/gate/comparison_json_reader.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/gate/confirmation.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/gate/sequential_remeasure.hpp"
#include "perfgate/model/counter_names.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

BenchmarkResult counted(const std::string& name, double time, std::uint64_t seed, double instructions,
                        double spread_pct = 0.0001) {
  BenchmarkResult b = benchmark(name, lognormal_samples(time, 0.01, 10, seed));
  b.counters[counter::kInstructions] = instructions;
  b.counters[counter::kInstructionsSpreadPct] = spread_pct;
  b.counters[counter::kL1Misses] = instructions / 100.0;
  return b;
}

TEST(CountComparison, TheThresholdAndThreeSpreadsDecideTheInstructionsVerdict) {
  const BenchmarkResult base = counted("x", 1e-3, 1, 1'000'000);
  const auto same = compare_counts(base, counted("x", 1e-3, 2, 1'005'000), 1.0);
  ASSERT_TRUE(same);
  EXPECT_EQ(same->verdict, Verdict::no_change) << same->reason;
  const auto more = compare_counts(base, counted("x", 1e-3, 2, 1'020'000), 1.0);
  EXPECT_EQ(more->verdict, Verdict::regression) << more->reason;
  EXPECT_DOUBLE_EQ(more->instructions.change_pct(), 2.0);
  EXPECT_NE(more->reason.find("instructions +2% a timed iteration"), std::string::npos) << more->reason;
  const auto fewer = compare_counts(base, counted("x", 1e-3, 2, 900'000), 1.0);
  EXPECT_EQ(fewer->verdict, Verdict::improvement) << fewer->reason;
  // Beyond the threshold but within three of the counts' own spreads: the
  // counts cannot tell (a case whose work depends on its data).
  const auto spread = compare_counts(base, counted("x", 1e-3, 2, 1'020'000, 1.0), 1.0);
  EXPECT_EQ(spread->verdict, Verdict::inconclusive) << spread->reason;
  EXPECT_DOUBLE_EQ(spread->spread_pct, 1.0);
  EXPECT_NE(spread->reason.find("within 3 times the counts' spread (3% needed)"), std::string::npos) << spread->reason;
  // A case counted on one side only has no count verdict.
  EXPECT_FALSE(compare_counts(benchmark("x", {1e-3}), counted("x", 1e-3, 2, 1e6), 1.0));
  ASSERT_EQ(more->others.size(), 1u);
  EXPECT_EQ(more->others.front().name, counter::kL1Misses);
}

TEST(CountComparison, EachMeasureMakesTheCaseVerdictItsOwnWay) {
  // "work" ran 2% more instructions at the same time; "slow" took 30% longer
  // with the same instructions.
  const Results base = results("s", {counted("work", 1e-3, 1, 1e6), counted("slow", 1e-3, 3, 1e6)});
  const Results cur = results("s", {counted("work", 1e-3, 2, 1.02e6), counted("slow", 1.3e-3, 4, 1e6)});
  GateSettings settings;
  settings.measure = GateMeasure::both;
  const Comparison both = compare_results(base, cur, settings);
  EXPECT_EQ(both.find("work")->verdict, Verdict::regression);
  EXPECT_FALSE(both.find("work")->time_decides());
  EXPECT_EQ(both.find("work")->counts->time_verdict, Verdict::no_change);
  EXPECT_EQ(verdict_label(*both.find("work")), "REGRESSION (counted)");
  const ChangeCells cells = change_cells(*both.find("work"));  // counts have no interval or q
  EXPECT_EQ(cells.change, "+2.00% instructions");
  EXPECT_EQ(cells.interval, "-");
  EXPECT_EQ(cells.q, "-");
  EXPECT_NE(change_cells(*both.find("slow")).interval, "-") << "a case its time judged keeps its interval";
  EXPECT_EQ(both.find("work")->reason.rfind("counted: instructions +2%", 0), 0u) << both.find("work")->reason;
  EXPECT_EQ(both.find("slow")->verdict, Verdict::regression) << "either measure fails the case";
  EXPECT_TRUE(both.find("slow")->time_decides());
  EXPECT_EQ(gate_exit_code(both), 1);

  settings.measure = GateMeasure::counts;
  const Comparison counts = compare_results(base, cur, settings);
  EXPECT_EQ(counts.find("work")->verdict, Verdict::regression);
  EXPECT_EQ(counts.find("slow")->verdict, Verdict::no_change) << "time is reported, not gated";
  EXPECT_NE(counts.find("slow")->reason.find("time (not gated): REGRESSION"), std::string::npos)
      << counts.find("slow")->reason;

  settings.measure = GateMeasure::time;
  const Comparison time = compare_results(base, cur, settings);
  EXPECT_EQ(time.find("work")->verdict, Verdict::no_change) << "counts are reported, not gated";
  ASSERT_TRUE(time.find("work")->counts);
  EXPECT_EQ(time.find("work")->counts->verdict, Verdict::regression);
  EXPECT_EQ(time.find("slow")->verdict, Verdict::regression);
}

TEST(CountComparison, ABaselinesGateOverrideSetsOneCasesMeasureAndThreshold) {
  Results base = results("s", {counted("work", 1e-3, 1, 1e6), counted("lenient", 1e-3, 3, 1e6)});
  base.benchmarks[0].gate.measure = GateMeasure::time;
  base.benchmarks[1].gate.count_threshold_pct = 5.0;
  const Results cur = results("s", {counted("work", 1e-3, 2, 1.02e6), counted("lenient", 1e-3, 4, 1.02e6)});
  const Comparison c = compare_results(base, cur);
  EXPECT_EQ(c.find("work")->verdict, Verdict::no_change);
  EXPECT_EQ(c.find("work")->measure, GateMeasure::time);
  EXPECT_EQ(c.find("lenient")->verdict, Verdict::no_change);
  EXPECT_EQ(c.find("lenient")->counts->threshold_pct, 5.0);
}

TEST(CountComparison, ARegressionTheCountsMadeIsNeitherReMeasuredNorUndone) {
  const Results base = results("s", {counted("work", 1e-3, 1, 1e6)});
  const Results cur = results("s", {counted("work", 1e-3, 2, 1.1e6)});
  Comparison c = compare_results(base, cur);
  EXPECT_TRUE(suspected_regressions(c).empty()) << "counting again gives the same counts";
  EXPECT_TRUE(open_cases(c).empty());
  // A re-measurement of its time (which has no counts) cannot touch it.
  apply_recheck(c, base, results("s", {benchmark("work", lognormal_samples(1e-3, 0.01, 10, 9))}));
  mark_unconfirmable(c, "offline");
  EXPECT_EQ(c.find("work")->verdict, Verdict::regression);
  EXPECT_EQ(c.find("work")->confirmation, Confirmation::not_needed);
}

TEST(CountComparison, CountsRoundTripThroughTheComparisonFile) {
  const Results base = results("s", {counted("work", 1e-3, 1, 1e6)});
  const Results cur = results("s", {counted("work", 1e-3, 2, 1.1e6)});
  GateSettings settings;
  settings.count_threshold_pct = 0.5;
  const Comparison c = compare_results(base, cur, settings);
  const Comparison back = comparison_from_json(comparison_to_json(c, gate_exit_code(c)), "c.json");
  const BenchmarkComparison& b = *back.find("work");
  ASSERT_TRUE(b.counts);
  EXPECT_EQ(b.counts->verdict, Verdict::regression);
  EXPECT_TRUE(b.counts->decided);
  EXPECT_EQ(b.counts->time_verdict, c.find("work")->counts->time_verdict);
  EXPECT_DOUBLE_EQ(b.counts->instructions.current, 1.1e6);
  EXPECT_EQ(b.counts->others.size(), 1u);
  EXPECT_EQ(b.measure, GateMeasure::both);
  EXPECT_EQ(back.settings.count_threshold_pct, 0.5);
  EXPECT_EQ(verdict_label(b), "REGRESSION (counted)");
  EXPECT_EQ(gate_exit_code(back), 1);
}

}  // namespace
}  // namespace perfgate
