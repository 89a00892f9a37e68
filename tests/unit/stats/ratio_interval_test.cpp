#include "perfgate/stats/ratio_interval.hpp"

#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace perfgate::stats {
namespace {

std::vector<double> lognormal(std::size_t n, double median, double sigma, std::mt19937_64& engine) {
  std::normal_distribution<double> normal(0.0, sigma);
  std::vector<double> v(n);
  for (double& x : v) x = median * std::exp(normal(engine));
  return v;
}

TEST(RatioInterval, ScaledCopyGivesExactlyTheScale) {
  const std::vector<double> base = {1.0, 1.1, 0.9, 1.05, 0.97, 1.02, 0.99};
  std::vector<double> cur;
  for (double b : base) cur.push_back(2.0 * b);
  const RatioInterval r = ratio_interval(base, cur);
  EXPECT_NEAR(r.estimate, 2.0, 1e-12);
  ASSERT_TRUE(r.available);
  EXPECT_LE(r.low, 2.0);
  EXPECT_GE(r.high, 2.0);
}

TEST(RatioInterval, KnownEndpointsForFiveAgainstFive) {
  // n = m = 5: the exact two-sided 5% critical value of U is 2, so the
  // interval is [d_(3), d_(23)] of the 25 sorted log differences.
  const std::vector<double> base = {1, 2, 4, 8, 16};
  const std::vector<double> cur = {1, 2, 4, 8, 16};
  std::vector<double> d;
  for (double c : cur)
    for (double b : base) d.push_back(std::log(c) - std::log(b));
  std::sort(d.begin(), d.end());
  const RatioInterval r = ratio_interval(base, cur);
  ASSERT_TRUE(r.available);
  EXPECT_NEAR(std::log(r.low), d[2], 1e-12);
  EXPECT_NEAR(std::log(r.high), d[22], 1e-12);
}

TEST(RatioInterval, TooFewSamplesForTheLevel) {
  // With 2 against 2 no interval reaches 95%: P(U <= 0) = 1/6.
  const RatioInterval r = ratio_interval(std::vector<double>{1, 2}, std::vector<double>{1, 2});
  EXPECT_FALSE(r.available);
}

// Coverage: over many simulated pairs with a known 10% slowdown the 95%
// interval must contain 1.10 at least about 95% of the time.
TEST(RatioInterval, CoversTheTrueRatio) {
  std::mt19937_64 engine(7);
  int covered = 0;
  const int trials = 2000;
  for (int t = 0; t < trials; ++t) {
    const auto base = lognormal(10, 1.0, 0.03, engine);
    const auto cur = lognormal(10, 1.10, 0.03, engine);
    const RatioInterval r = ratio_interval(base, cur);
    covered += r.available && r.low <= 1.10 && 1.10 <= r.high;
  }
  EXPECT_GE(covered, trials * 93 / 100);
}

TEST(RatioInterval, LargeSamplesUseTheNormalCriticalValue) {
  std::mt19937_64 engine(11);
  const auto base = lognormal(80, 1.0, 0.02, engine);
  const auto cur = lognormal(80, 1.05, 0.02, engine);
  const RatioInterval r = ratio_interval(base, cur);
  ASSERT_TRUE(r.available);
  EXPECT_LT(r.low, 1.05);
  EXPECT_GT(r.high, 1.05);
  EXPECT_GT(r.low, 1.0);
}

}  // namespace
}  // namespace perfgate::stats
