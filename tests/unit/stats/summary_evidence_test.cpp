#include "perfgate/stats/summary_evidence.hpp"

#include <cmath>
#include <random>
#include <stdexcept>

#include <gtest/gtest.h>

#include "perfgate/stats/student_t.hpp"

namespace perfgate::stats {
namespace {

// Reference values: closed forms for 1 and 2 degrees of freedom, printed
// tables (t_{0.975}), and numerical integration of the density (Simpson,
// 200000 panels) for fractional degrees of freedom.
TEST(StudentT, ClosedFormsForOneAndTwoDegrees) {
  EXPECT_NEAR(student_t_cdf(1.0, 1.0), 0.75, 1e-12);               // Cauchy: 1/2 + atan(t)/pi
  EXPECT_NEAR(student_t_cdf(-3.0, 1.0), 0.5 + std::atan(-3.0) / M_PI, 1e-12);
  EXPECT_NEAR(student_t_cdf(1.0, 2.0), 0.5 + 1.0 / (2.0 * std::sqrt(3.0)), 1e-12);
  EXPECT_DOUBLE_EQ(student_t_cdf(0.0, 7.0), 0.5);
}

TEST(StudentT, TwoSidedTailsMatchIntegration) {
  EXPECT_NEAR(student_t_two_sided(2.0, 5.0), 0.10193947883, 1e-9);
  EXPECT_NEAR(student_t_two_sided(-2.0, 5.0), 0.10193947883, 1e-9);
  EXPECT_NEAR(student_t_two_sided(3.0, 7.5), 0.01839093861, 1e-9);
  EXPECT_NEAR(student_t_two_sided(0.5, 3.3), 0.64853507640, 1e-9);
  EXPECT_NEAR(student_t_two_sided(5.0, 200.0) / 1.2501981278e-06, 1.0, 1e-6);
  EXPECT_DOUBLE_EQ(student_t_two_sided(INFINITY, 3.0), 0.0);
}

TEST(StudentT, QuantilesMatchTables) {
  EXPECT_NEAR(student_t_quantile(0.975, 1.0), 12.706204736, 1e-7);
  EXPECT_NEAR(student_t_quantile(0.975, 10.0), 2.228138852, 1e-8);
  EXPECT_NEAR(student_t_quantile(0.975, 30.0), 2.042272456, 1e-8);
  EXPECT_NEAR(student_t_quantile(0.025, 30.0), -2.042272456, 1e-8);
  EXPECT_NEAR(student_t_quantile(0.995, 5.0), 4.032142984, 1e-8);
  EXPECT_NEAR(student_t_quantile(0.975, 1e9), 1.959963985, 1e-6);  // the normal limit
  EXPECT_DOUBLE_EQ(student_t_quantile(0.5, 4.0), 0.0);
}

TEST(StudentT, RejectsImpossibleArguments) {
  EXPECT_THROW(student_t_cdf(1.0, 0.0), std::invalid_argument);
  EXPECT_THROW(student_t_quantile(1.0, 3.0), std::invalid_argument);
  EXPECT_THROW(student_t_quantile(0.0, 3.0), std::invalid_argument);
}

// Six samples a side with 10% noise: se = sqrt(2 * 0.01 / 6), df = 10.  A
// ratio of exp(t_{0.975,10} * se) sits exactly on the 5% boundary, so its
// p-value is 0.05 and its 95% interval starts at exactly 1.
TEST(SummaryEvidence, BoundaryCaseIsExactlyFivePercent) {
  const double se = std::sqrt(2.0 * 0.01 / 6.0);
  const double ratio = std::exp(2.228138852 * se);
  const SummaryEvidence e = summary_evidence({6, 1.0, 0.1}, {6, ratio, 0.1 * ratio});
  ASSERT_TRUE(e.available);
  EXPECT_NEAR(e.ratio, ratio, 1e-12);
  EXPECT_NEAR(e.log_se, se, 1e-12);
  EXPECT_NEAR(e.df, 10.0, 1e-9);
  EXPECT_NEAR(e.p_value, 0.05, 1e-8);
  EXPECT_NEAR(e.low, 1.0, 1e-8);
  EXPECT_NEAR(e.high, ratio * ratio, 1e-8);
}

// A hundred samples a side, 10% noise, 5% slower: se = 0.0141421356,
// df = 198, t = ln(1.05) / se = 3.44998559, p = 0.00068505 (integration).
TEST(SummaryEvidence, FivePercentSlowerWithHundredSamples) {
  const SummaryEvidence e = summary_evidence({100, 1.0, 0.1}, {100, 1.05, 0.105});
  ASSERT_TRUE(e.available);
  EXPECT_NEAR(e.ratio, 1.05, 1e-12);
  EXPECT_NEAR(e.log_se, 0.0141421356, 1e-9);
  EXPECT_NEAR(e.df, 198.0, 1e-9);
  EXPECT_NEAR(e.p_value / 0.00068505357, 1.0, 1e-6);
  EXPECT_GT(e.low, 1.0);
  EXPECT_LT(e.low, 1.05);
  EXPECT_GT(e.high, 1.05);
}

// Unequal sizes and noise: df from Welch-Satterthwaite is fractional
// (22.9011994), t = 4.06403972, p = 0.00048314090 (integration).
TEST(SummaryEvidence, WelchDegreesOfFreedomForUnequalSides) {
  const SummaryEvidence e = summary_evidence({20, 2.0e-3, 0.2e-3}, {50, 2.2e-3, 0.11e-3});
  ASSERT_TRUE(e.available);
  EXPECT_NEAR(e.log_se, 0.0234520788, 1e-9);
  EXPECT_NEAR(e.df, 22.9011994, 1e-6);
  EXPECT_NEAR(e.p_value / 0.00048314090, 1.0, 1e-6);
  const double t = student_t_quantile(0.975, e.df);
  EXPECT_NEAR(e.low, 1.1 * std::exp(-t * e.log_se), 1e-12);
  EXPECT_NEAR(e.high, 1.1 * std::exp(t * e.log_se), 1e-12);
  EXPECT_NEAR(student_t_two_sided(t, e.df), 0.05, 1e-10);
}

TEST(SummaryEvidence, ItIsSymmetricInDirection) {
  const SummaryEvidence up = summary_evidence({30, 1.0, 0.05}, {40, 1.1, 0.08});
  const SummaryEvidence down = summary_evidence({40, 1.1, 0.08}, {30, 1.0, 0.05});
  EXPECT_NEAR(up.p_value, down.p_value, 1e-14);
  EXPECT_NEAR(up.low * down.high, 1.0, 1e-12);
  EXPECT_NEAR(up.high * down.low, 1.0, 1e-12);
}

TEST(SummaryEvidence, HigherConfidenceWidensTheInterval) {
  const SummaryEvidence n95 = summary_evidence({30, 1.0, 0.05}, {30, 1.02, 0.05});
  const SummaryEvidence n99 = summary_evidence({30, 1.0, 0.05}, {30, 1.02, 0.05}, 0.99);
  EXPECT_LT(n99.low, n95.low);
  EXPECT_GT(n99.high, n95.high);
  EXPECT_DOUBLE_EQ(n95.p_value, n99.p_value);
}

TEST(SummaryEvidence, NoSpreadGivesAPointInterval) {
  const SummaryEvidence same = summary_evidence({10, 1.0, 0.0}, {10, 1.0, 0.0});
  ASSERT_TRUE(same.available);
  EXPECT_DOUBLE_EQ(same.p_value, 1.0);
  const SummaryEvidence slower = summary_evidence({10, 1.0, 0.0}, {10, 1.2, 0.0});
  EXPECT_DOUBLE_EQ(slower.p_value, 0.0);
  EXPECT_DOUBLE_EQ(slower.low, 1.2);
  EXPECT_DOUBLE_EQ(slower.high, 1.2);
  // One side without spread: df is the other side's n - 1.
  EXPECT_NEAR(summary_evidence({10, 1.0, 0.0}, {8, 1.2, 0.1}).df, 7.0, 1e-12);
}

TEST(SummaryEvidence, TooLittleToJudge) {
  EXPECT_FALSE(summary_evidence({1, 1.0, 0.0}, {10, 1.0, 0.1}).available);
  EXPECT_FALSE(summary_evidence({10, 1.0, 0.1}, {0, 0.0, 0.0}).available);
  const SummaryEvidence zero = summary_evidence({10, 0.0, 0.0}, {10, 1.0, 0.1});
  EXPECT_FALSE(zero.available);
  EXPECT_DOUBLE_EQ(zero.ratio, 1.0);
  EXPECT_FALSE(summary_evidence({10, 1.0, NAN}, {10, 1.0, 0.1}).available);
  EXPECT_EQ(summary_evidence({1, 1.0, 0.0}, {10, 2.0, 0.1}).ratio, 2.0);
  EXPECT_THROW(summary_evidence({10, 1.0, 0.1}, {10, 1.0, 0.1}, 1.0), std::invalid_argument);
}

// Soundness where the assumptions hold: 30 normal samples a side with 3%
// noise and no change, 2000 times: the 95% interval holds 1 about 95% of
// the time and p < 0.05 about 5% of the time.
TEST(SummaryEvidence, CoverageUnderTheNullIsNominal) {
  std::mt19937_64 engine(14);
  std::normal_distribution<double> noise(1.0, 0.03);
  auto summarize = [&](std::size_t n) {
    double sum = 0.0, sum2 = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      const double x = noise(engine);
      sum += x;
      sum2 += x * x;
    }
    const double mean = sum / n;
    return MeanSummary{n, mean, std::sqrt((sum2 - n * mean * mean) / (n - 1))};
  };
  int covered = 0, rejected = 0;
  constexpr int kTrials = 2000;
  for (int i = 0; i < kTrials; ++i) {
    const SummaryEvidence e = summary_evidence(summarize(30), summarize(30));
    covered += e.low <= 1.0 && 1.0 <= e.high;
    rejected += e.p_value < 0.05;
  }
  EXPECT_NEAR(covered / double(kTrials), 0.95, 0.015);
  EXPECT_NEAR(rejected / double(kTrials), 0.05, 0.015);
  EXPECT_EQ(covered + rejected, kTrials);  // the interval inverts the test
}

}  // namespace
}  // namespace perfgate::stats
