#include "perfgate/compare/environment_shift.hpp"

#include <gtest/gtest.h>

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

TEST(EnvironmentShift, CountsTheVerdictsThatPointTheShiftsWay) {
  Comparison c = shifted_by({1.30, 1.28, 1.33, 1.31, 1.29, 1.0});
  ASSERT_TRUE(c.environment_shift.has_value());
  EXPECT_EQ(c.environment_shift->moved, 5u);
  for (const BenchmarkComparison& b : c.benchmarks)
    EXPECT_EQ(moved_with_shift(b, *c.environment_shift, c.settings), b.name != "b5") << b.name;
  ASSERT_EQ(c.find("b0")->verdict, Verdict::regression) << c.find("b0")->reason;
  EXPECT_EQ(shifted_verdicts(c).verdicts, 5u);
  EXPECT_EQ(shifted_verdicts(c).confirmed, 0u);
  c.benchmarks[0].confirmation = Confirmation::confirmed;
  c.benchmarks[1].ignored = true;  // not gated: not counted
  EXPECT_EQ(shifted_verdicts(c).verdicts, 4u);
  EXPECT_EQ(shifted_verdicts(c).confirmed, 1u);
}

TEST(EnvironmentShift, TooFewBenchmarks) { EXPECT_FALSE(shifted_by({1.5, 1.5}).environment_shift.has_value()); }

}  // namespace
}  // namespace perfgate
