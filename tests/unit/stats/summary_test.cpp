#include "perfgate/stats/summary.hpp"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

namespace perfgate::stats {
namespace {

TEST(Median, OddAndEvenCounts) {
  EXPECT_DOUBLE_EQ(median(std::vector<double>{3, 1, 2}), 2.0);
  EXPECT_DOUBLE_EQ(median(std::vector<double>{4, 1, 3, 2}), 2.5);
  EXPECT_DOUBLE_EQ(median(std::vector<double>{7}), 7.0);
}

// Issue 15 item 14: finite but absurd samples must not overflow to inf.
TEST(Median, HugeValuesDoNotOverflow) {
  const std::vector<double> huge = {1.7e308, 1.7e308, 1.6e308, 1.75e308};
  EXPECT_TRUE(std::isfinite(median(huge)));
  EXPECT_DOUBLE_EQ(median(huge), 1.7e308);
  EXPECT_DOUBLE_EQ(median(std::vector<double>{1.0, 2.0}), 1.5);
  const double cv = robust_cv(std::vector<double>{1.7e308, 1e-300, 1.7e308, 1e-300});
  EXPECT_TRUE(std::isfinite(cv)) << cv;
  EXPECT_TRUE(std::isfinite(robust_cv(huge)));
}

TEST(Median, EmptyIsNaN) { EXPECT_TRUE(std::isnan(median(std::vector<double>{}))); }

TEST(MedianAbsoluteDeviation, KnownValue) {
  // |x - 3| = {2, 1, 0, 1, 97}: median 1.
  EXPECT_DOUBLE_EQ(median_absolute_deviation(std::vector<double>{1, 2, 3, 4, 100}), 1.0);
}

TEST(RobustCv, ScalesMadByNormalConsistencyConstant) {
  const std::vector<double> v = {9, 10, 10, 11, 12};  // median 10, MAD 1
  EXPECT_NEAR(robust_cv(v), 1.4826 / 10.0, 1e-12);
}

TEST(RobustCv, OneOutlierDoesNotInflateIt) {
  const std::vector<double> clean = {10, 10.1, 9.9, 10.2, 9.8, 10.0, 10.1};
  std::vector<double> outlier = clean;
  outlier.back() = 1000.0;
  EXPECT_LT(robust_cv(outlier), 2 * robust_cv(clean));
}

TEST(RobustCv, DegenerateInputsAreZero) {
  EXPECT_EQ(robust_cv(std::vector<double>{5}), 0.0);
  EXPECT_EQ(robust_cv(std::vector<double>{0, 0, 0}), 0.0);
}

}  // namespace
}  // namespace perfgate::stats
