#include "perfgate/stats/ratio_interval.hpp"
#include "perfgate/stats/u_distribution.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <span>
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

TEST(RatioInterval, EightyASideUsesTheExactTable) {
  std::mt19937_64 engine(11);
  const auto base = lognormal(80, 1.0, 0.02, engine);
  const auto cur = lognormal(80, 1.05, 0.02, engine);
  const RatioInterval r = ratio_interval(base, cur);
  ASSERT_TRUE(r.available);
  EXPECT_LT(r.low, 1.05);
  EXPECT_GT(r.high, 1.05);
  EXPECT_GT(r.low, 1.0);
  // The 2626th smallest and largest of the 6400 differences: P(U <= 2625) <= 2.5% at 80 x 80
  // (u_exact_reference.py).
  std::vector<double> d;
  for (double c : cur)
    for (double b : base) d.push_back(std::log(c) - std::log(b));
  std::sort(d.begin(), d.end());
  EXPECT_DOUBLE_EQ(r.low, std::exp(d[2625]));
  EXPECT_DOUBLE_EQ(r.high, std::exp(d[6400 - 1 - 2625]));
}

TEST(RatioInterval, LargeSamplesUseTheNormalCriticalValue) {
  std::mt19937_64 engine(12);  // beyond UDistribution::kMaxExactSize (100)
  const auto base = lognormal(120, 1.0, 0.02, engine);
  const auto cur = lognormal(120, 1.05, 0.02, engine);
  const RatioInterval r = ratio_interval(base, cur);
  ASSERT_TRUE(r.available);
  EXPECT_LT(r.low, 1.05);
  EXPECT_GT(r.high, 1.05);
  EXPECT_GT(r.low, 1.0);
  // k = floor(nm / 2 - z sd) with sd = sqrt(nm (n + m + 1) / 12): 7200 - 1.959964 x 537.77 -> 6145,
  // so the ends are the 6145th smallest and largest of the 14400 differences.
  std::vector<double> d;
  for (double c : cur)
    for (double b : base) d.push_back(std::log(c) - std::log(b));
  std::sort(d.begin(), d.end());
  EXPECT_DOUBLE_EQ(r.low, std::exp(d[6144]));
  EXPECT_DOUBLE_EQ(r.high, std::exp(d[14400 - 1 - 6144]));
}

// The interval as it was computed until 2026-11-24: all n x m pairwise
// differences materialized and partially sorted.  The selection that replaced
// it must give exactly the same values.
RatioInterval materialized(std::span<const double> baseline, std::span<const double> current, double confidence) {
  RatioInterval result;
  std::vector<double> d;
  for (double c : current)
    for (double b : baseline) d.push_back(std::log(c) - std::log(b));
  std::sort(d.begin(), d.end());
  const std::size_t total = d.size(), mid = total / 2;
  result.estimate = std::exp(total % 2 == 1 ? d[mid] : (d[mid - 1] + d[mid]) / 2);
  const std::size_t n = current.size(), m = baseline.size();
  const double alpha_half = (1.0 - confidence) / 2.0;
  long trim;
  if (n <= UDistribution::kMaxExactSize && m <= UDistribution::kMaxExactSize) {
    trim = UDistribution::get(n, m)->lower_critical_value(alpha_half);
  } else {
    const double nm = static_cast<double>(n * m);
    const double sd = std::sqrt(nm * static_cast<double>(n + m + 1) / 12.0);
    trim = static_cast<long>(std::floor(nm / 2.0 - normal_quantile(1.0 - alpha_half) * sd)) - 1;
  }
  const auto t = static_cast<long>(total);
  if (trim < 0 || trim >= t - trim) return result;
  result.low = std::exp(d[static_cast<std::size_t>(trim)]);
  result.high = std::exp(d[static_cast<std::size_t>(t - 1 - trim)]);
  result.available = true;
  return result;
}

TEST(RatioInterval, SelectionEqualsTheMaterializedDifferencesExactly) {
  std::mt19937_64 engine(20261124);
  for (std::size_t n : {1u, 2u, 3u, 5u, 7u, 10u, 31u, 100u, 101u, 157u}) {
    for (std::size_t m : {1u, 2u, 4u, 10u, 33u, 100u, 120u}) {
      for (int ties = 0; ties < 4; ++ties) {
        std::vector<double> base = lognormal(m, 1e-3, 0.05, engine);
        std::vector<double> cur = lognormal(n, 1.1e-3, 0.05, engine);
        if (ties >= 1) {  // coarse values: many equal samples and equal differences
          for (double& x : base) x = std::round(x * 2e4) / 2e4;
          for (double& x : cur) x = std::round(x * 2e4) / 2e4;
        }
        if (ties == 2) cur.assign(n, base[0]);  // one value on a side
        if (ties == 3) base = lognormal(m, 1.7e306, 0.5, engine), cur = lognormal(n, 1e-300, 0.5, engine);
        for (double confidence : {0.9, 0.95, 0.99}) {
          SCOPED_TRACE(testing::Message() << n << " x " << m << " ties " << ties << " at " << confidence);
          const RatioInterval want = materialized(base, cur, confidence);
          const RatioInterval got = ratio_interval(base, cur, confidence);
          EXPECT_EQ(got.estimate, want.estimate);
          ASSERT_EQ(got.available, want.available);
          EXPECT_EQ(got.low, want.low);
          EXPECT_EQ(got.high, want.high);
        }
      }
    }
  }
}

// Most differences exactly 0 (a coarse timer): the selection still ends, and
// exactly.
TEST(RatioInterval, AMassOfEqualDifferencesIsSelectedExactly) {
  std::mt19937_64 engine(11);
  for (std::size_t n : {150u, 400u}) {
    std::vector<double> base(n, 1e-3), cur(n, 1e-3);
    for (std::size_t i = 0; i < n / 10; ++i) base[i] = 1e-3 * (1 + 1e-12 * static_cast<double>(i)), cur[i] = 1e-3 * (1 - 1e-13 * static_cast<double>(i));
    std::shuffle(cur.begin(), cur.end(), engine);
    const RatioInterval want = materialized(base, cur, 0.99);
    const RatioInterval got = ratio_interval(base, cur, 0.99);
    EXPECT_EQ(got.estimate, want.estimate);
    EXPECT_EQ(got.available, want.available);
    EXPECT_EQ(got.low, want.low);
    EXPECT_EQ(got.high, want.high);
  }
}

// 100,000 samples a side: 10^10 differences (80 GB) were materialized until
// 2026-11-24 and the comparison ended in std::bad_alloc.
TEST(RatioInterval, HugeSamplesAreNotMaterialized) {
  std::mt19937_64 engine(7);
  const std::vector<double> base = lognormal(100000, 1e-3, 0.03, engine);
  const std::vector<double> cur = lognormal(100000, 1.2e-3, 0.03, engine);
  const RatioInterval r = ratio_interval(base, cur, 0.99);
  ASSERT_TRUE(r.available);
  EXPECT_NEAR(r.estimate, 1.2, 0.01);
  EXPECT_LT(r.low, r.estimate);
  EXPECT_GT(r.high, r.estimate);
  EXPECT_GT(r.low, 1.19);
  EXPECT_LT(r.high, 1.21);
}

}  // namespace
}  // namespace perfgate::stats
