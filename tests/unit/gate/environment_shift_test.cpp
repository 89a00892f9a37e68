#include "perfgate/gate/environment_shift.hpp"

#include <gtest/gtest.h>

#include "perfgate/gate/confirmation.hpp"
#include "perfgate/gate/exit_code.hpp"

#include "results_builder.hpp"

namespace perfgate {
namespace {

// Benchmarks whose current medians are the baseline's times `factors`.
Comparison shifted_by(const std::vector<double>& factors) {
  std::vector<BenchmarkResult> base, cur;
  for (std::size_t i = 0; i < factors.size(); ++i) {
    const std::string name = "b" + std::to_string(i);
    base.push_back(testing::benchmark(name, testing::lognormal_samples(1e-3, 0.01, 10, i + 1)));
    cur.push_back(testing::benchmark(name, testing::lognormal_samples(1e-3 * factors[i], 0.01, 10, i + 100)));
  }
  return compare_results(testing::results("s", base), testing::results("s", cur));
}

TEST(EnvironmentShift, EverythingSlowerBySimilarFactor) {
  const Comparison c = shifted_by({1.30, 1.28, 1.33, 1.31, 1.29, 1.30});
  ASSERT_TRUE(c.environment_shift.has_value());
  EXPECT_TRUE(c.environment_shift->slower);
  EXPECT_NEAR(c.environment_shift->median_ratio, 1.30, 0.03);
  EXPECT_EQ(c.environment_shift->moved, 6u);
  EXPECT_EQ(c.environment_shift->compared, 6u);
}

// A comparison file can hold a case's evidence without the summaries it came
// from (edited, or damaged: the fuzzer found one): it is no case of the
// shift, and counting it must not read a summary that is not there.
TEST(EnvironmentShift, ACaseWithEvidenceButNoSummariesIsNoCase) {
  Comparison c = shifted_by({0.8, 0.79, 0.81, 0.8});
  ASSERT_TRUE(c.environment_shift.has_value());
  const std::size_t improvements = shifted_verdicts(c).verdicts;
  BenchmarkComparison orphan = c.benchmarks.front();
  orphan.name = "orphan";
  orphan.baseline.reset();
  orphan.current.reset();
  c.benchmarks.push_back(orphan);
  EXPECT_EQ(shifted_verdicts(c).verdicts, improvements);
  EXPECT_EQ(detect_environment_shift(c.benchmarks, c.settings)->compared, 4u);
}

TEST(EnvironmentShift, EverythingFaster) {
  const Comparison c = shifted_by({0.8, 0.79, 0.81, 0.8});
  ASSERT_TRUE(c.environment_shift.has_value());
  EXPECT_FALSE(c.environment_shift->slower);
}

TEST(EnvironmentShift, OneRealRegressionIsNotAShift) {
  EXPECT_FALSE(shifted_by({1.0, 1.01, 0.99, 1.5, 1.0, 1.0}).environment_shift.has_value());
}

TEST(EnvironmentShift, MixedFactorsAreNotSimilar) {
  EXPECT_FALSE(shifted_by({1.1, 2.5, 1.2, 3.0, 1.15}).environment_shift.has_value());
}

// Issue 25: a whole-suite speed change is not a regression of every case:
// the cases that moved with it are INCONCLUSIVE, with the shift as reason.
TEST(EnvironmentShift, CasesThatMovedWithTheShiftAreInconclusive) {
  const Comparison c = shifted_by({1.30, 1.28, 1.33, 1.31, 1.29, 1.0});
  ASSERT_TRUE(c.environment_shift.has_value());
  EXPECT_EQ(c.environment_shift->moved, 5u);
  for (const BenchmarkComparison& b : c.benchmarks) {
    EXPECT_EQ(moved_with_shift(b, *c.environment_shift, c.settings), b.name != "b5") << b.name;
    EXPECT_NE(b.verdict, Verdict::regression) << b.name << ": " << b.reason;
    if (b.name == "b5") continue;
    EXPECT_EQ(b.verdict, Verdict::inconclusive) << b.name;
    EXPECT_NE(b.reason.find("as the whole suite moved (environment shift: 5 of 6 cases slower, median ratio 1.3"),
              std::string::npos)
        << b.reason;
  }
  EXPECT_EQ(shifted_verdicts(c).verdicts, 0u);
  EXPECT_EQ(gate_exit_code(c), kExitOk);
  EXPECT_EQ(shifted_by({0.8, 0.79, 0.81, 0.8}).find("b0")->verdict, Verdict::inconclusive) << "a faster machine too";
}

// A case that moved far more than the machine stands, on its own evidence.
TEST(EnvironmentShift, ACaseBeyondTheShiftStaysARegression) {
  Comparison c = shifted_by({1.30, 1.28, 1.33, 1.31, 1.29, 3.0, 1.30});
  ASSERT_TRUE(c.environment_shift.has_value());
  const BenchmarkComparison& planted = *c.find("b5");
  EXPECT_EQ(planted.verdict, Verdict::regression) << planted.reason;
  EXPECT_NE(planted.reason.find("beyond the suite's shift: +1"), std::string::npos) << planted.reason;
  EXPECT_EQ(shifted_verdicts(c).verdicts, 1u);
  EXPECT_EQ(shifted_verdicts(c).confirmed, 0u);
  c.benchmarks[5].confirmation = Confirmation::confirmed;
  EXPECT_EQ(shifted_verdicts(c).confirmed, 1u);
  c.benchmarks[5].ignored = true;  // not gated: not counted
  EXPECT_EQ(shifted_verdicts(c).verdicts, 0u);
  EXPECT_EQ(gate_exit_code(compare_results(testing::results("s", {}), testing::results("s", {}))), kExitOk);
}

// The re-measurement of suspects is judged against the run's shift, not a
// shift found among the suspects alone: three real regressions of the same
// size in a quiet suite stay regressions when re-measured.
TEST(EnvironmentShift, AReMeasurementIsJudgedAgainstTheRunsShiftNotItsOwn) {
  std::vector<BenchmarkResult> base, cur, again;
  for (std::size_t i = 0; i < 20; ++i) {
    const std::string name = "b" + std::to_string(i);
    const double factor = i < 3 ? 2.0 : 1.0;
    base.push_back(testing::benchmark(name, testing::lognormal_samples(1e-3, 0.01, 10, i + 1)));
    cur.push_back(testing::benchmark(name, testing::lognormal_samples(factor * 1e-3, 0.01, 10, i + 100)));
    again.push_back(testing::benchmark(name, testing::lognormal_samples(factor * 1e-3, 0.01, 20, i + 200)));
  }
  const Results b = testing::results("s", base), c = testing::results("s", cur), r = testing::results("s", again);
  Comparison comparison = compare_results(b, c);
  ASSERT_FALSE(comparison.environment_shift.has_value());
  ASSERT_EQ(suspected_regressions(comparison).size(), 3u);
  apply_recheck(comparison, b, r);
  for (std::size_t i = 0; i < 3; ++i) {
    const BenchmarkComparison& x = *comparison.find("b" + std::to_string(i));
    EXPECT_EQ(x.verdict, Verdict::regression) << x.reason;
    EXPECT_EQ(x.confirmation, Confirmation::confirmed);
  }
}

TEST(EnvironmentShift, TooFewBenchmarks) { EXPECT_FALSE(shifted_by({1.5, 1.5}).environment_shift.has_value()); }

}  // namespace
}  // namespace perfgate
