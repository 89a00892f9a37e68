#include "perfgate/stats/median_interval.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace perfgate::stats {
namespace {

TEST(MedianInterval, SixValuesAreTheFewestFor95Percent) {
  EXPECT_FALSE(median_interval(std::vector<double>{1, 2, 3, 4, 5}, 0.95).available);
  const MedianInterval six = median_interval(std::vector<double>{6, 1, 5, 2, 4, 3}, 0.95);
  ASSERT_TRUE(six.available);  // [x(1), x(6)] covers 1 - 2/64 = 96.9%
  EXPECT_EQ(six.low, 1);
  EXPECT_EQ(six.high, 6);
}

// For n = 20 at 95% the textbook ranks are 6 and 15 (coverage 95.9%).
TEST(MedianInterval, TwentyValuesUseRanksSixAndFifteen) {
  std::vector<double> values;
  for (int i = 20; i >= 1; --i) values.push_back(i);
  const MedianInterval i = median_interval(values, 0.95);
  ASSERT_TRUE(i.available);
  EXPECT_EQ(i.low, 6);
  EXPECT_EQ(i.high, 15);
}

TEST(MedianInterval, CoversTheTrueMedianAsOftenAsItSays) {
  std::mt19937_64 rng(3);
  std::lognormal_distribution<double> noise(0.0, 0.3);  // true median 1
  int covered = 0;
  const int trials = 4000;
  for (int t = 0; t < trials; ++t) {
    std::vector<double> v(15);
    for (double& x : v) x = noise(rng);
    const MedianInterval i = median_interval(v, 0.95);
    covered += i.available && i.low <= 1.0 && 1.0 <= i.high;
  }
  EXPECT_GE(covered, 0.94 * trials);  // exact coverage for n = 15 is 96.5%
  EXPECT_LE(covered, 0.99 * trials);
}

TEST(MedianInterval, ManyValuesStayFiniteAndTight) {
  std::vector<double> v;
  for (int i = 0; i < 20000; ++i) v.push_back(i);
  const MedianInterval i = median_interval(v, 0.95);
  ASSERT_TRUE(i.available);
  EXPECT_NEAR(i.low, 10000 - 1.96 * std::sqrt(20000) / 2, 3);
  EXPECT_NEAR(i.high, 10000 + 1.96 * std::sqrt(20000) / 2, 3);
}

TEST(MedianInterval, NaNOrBadConfidenceIsUnavailable) {
  EXPECT_FALSE(median_interval(std::vector<double>{1, 2, 3, 4, 5, 6, NAN}, 0.95).available);
  EXPECT_FALSE(median_interval(std::vector<double>{1, 2, 3, 4, 5, 6}, 1.0).available);
  EXPECT_FALSE(median_interval(std::vector<double>{}, 0.95).available);
}

}  // namespace
}  // namespace perfgate::stats
