#include "perfgate/stats/mann_whitney.hpp"

#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "perfgate/stats/u_distribution.hpp"

namespace perfgate::stats {
namespace {

double u_statistic(const std::vector<double>& base, const std::vector<double>& cur) {
  double u = 0;
  for (double c : cur)
    for (double b : base) u += c > b ? 1.0 : c == b ? 0.5 : 0.0;
  return u;
}

struct Enumerated {
  double two_sided, slower, faster;
};

// The exact p-values by brute force: every way of splitting the pooled
// values into groups of the original sizes is equally likely under the
// null hypothesis.
Enumerated enumerated_p_values(const std::vector<double>& base, const std::vector<double>& cur) {
  std::vector<double> pooled = base;
  pooled.insert(pooled.end(), cur.begin(), cur.end());
  const double observed = u_statistic(base, cur);
  std::vector<bool> in_current(pooled.size(), false);
  std::fill(in_current.end() - static_cast<std::ptrdiff_t>(cur.size()), in_current.end(), true);
  double total = 0, at_most = 0, at_least = 0;
  do {
    std::vector<double> b, c;
    for (std::size_t i = 0; i < pooled.size(); ++i) (in_current[i] ? c : b).push_back(pooled[i]);
    const double u = u_statistic(b, c);
    total += 1;
    at_most += u <= observed;
    at_least += u >= observed;
  } while (std::next_permutation(in_current.begin(), in_current.end()));
  return {std::min(1.0, 2.0 * std::min(at_most, at_least) / total), at_least / total, at_most / total};
}

std::vector<double> draws(std::size_t n, double shift, unsigned seed) {
  std::mt19937 engine(seed);
  std::normal_distribution<double> normal(shift, 1.0);
  std::vector<double> v(n);
  for (double& x : v) x = normal(engine);
  return v;
}

TEST(MannWhitney, ExactMatchesEnumerationForEverySmallSize) {
  unsigned seed = 1;
  for (std::size_t n = 1; n <= 7; ++n)
    for (std::size_t m = 1; m <= 7; ++m)
      for (double shift : {0.0, 0.8, 2.5}) {
        const auto base = draws(n, 0.0, seed++);
        const auto cur = draws(m, shift, seed++);
        const MannWhitney result = mann_whitney_u(base, cur);
        ASSERT_TRUE(result.exact);
        const Enumerated expected = enumerated_p_values(base, cur);
        EXPECT_NEAR(result.p_value, expected.two_sided, 1e-12) << "n=" << n << " m=" << m;
        EXPECT_NEAR(result.p_slower, expected.slower, 1e-12) << "n=" << n << " m=" << m;
        EXPECT_NEAR(result.p_faster, expected.faster, 1e-12) << "n=" << n << " m=" << m;
        EXPECT_DOUBLE_EQ(result.u, u_statistic(base, cur));
      }
}

TEST(MannWhitney, ExactMatchesScipy) {
  // scipy.stats.mannwhitneyu(cur, base, method="exact") = 0.05194805194805195, U = 26.
  const std::vector<double> base = {1.1, 2.3, 3.2, 4.8, 5.0};
  const std::vector<double> cur = {2.0, 6.1, 7.3, 8.4, 9.9, 10.5};
  const MannWhitney result = mann_whitney_u(base, cur);
  EXPECT_TRUE(result.exact);
  EXPECT_DOUBLE_EQ(result.u, 26.0);
  EXPECT_NEAR(result.p_value, 0.05194805194805195, 1e-12);
  // One-sided, by enumerating the 462 splits: P(U >= 26) = 12/462, P(U <= 26) = 455/462.
  EXPECT_NEAR(result.p_slower, 12.0 / 462.0, 1e-12);
  EXPECT_NEAR(result.p_faster, 455.0 / 462.0, 1e-12);
}

TEST(MannWhitney, TiesUseTheNormalApproximationWithTieCorrection) {
  // scipy.stats.mannwhitneyu(cur, base, method="asymptotic") = 0.0367138563627041, U = 108.5.
  const std::vector<double> base = {1, 2, 2, 3, 3, 3, 4, 5, 6, 7, 8, 9};
  const std::vector<double> cur = {3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12};
  const MannWhitney result = mann_whitney_u(base, cur);
  EXPECT_FALSE(result.exact);
  EXPECT_DOUBLE_EQ(result.u, 108.5);
  EXPECT_NEAR(result.p_value, 0.0367138563627041, 1e-9);
  // One-sided, the same continuity correction toward the null: half the
  // two-sided p in the observed direction, the complement's side beyond 0.5.
  EXPECT_NEAR(result.p_slower, 0.0367138563627041 / 2.0, 1e-9);
  EXPECT_GT(result.p_faster, 0.98);
  EXPECT_LE(result.p_faster, 1.0);
}

TEST(MannWhitney, LargeSamplesUseTheNormalApproximation) {
  // scipy.stats.mannwhitneyu(cur, base, method="asymptotic") = 0.36110332275784984.
  // (One tie, 30 * 1.01 == 27 + 3.3, keeps it on the normal approximation at 60 a side.)
  std::vector<double> base, cur;
  for (int i = 0; i < 60; ++i) base.push_back(i * 1.01), cur.push_back(i + 3.3);
  const MannWhitney result = mann_whitney_u(base, cur);
  EXPECT_FALSE(result.exact);
  EXPECT_NEAR(result.p_value, 0.36110332275784984, 1e-9);
}

TEST(MannWhitney, BeyondOneHundredASideUsesTheNormalApproximation) {
  // u_exact_reference.py normal_p (scipy's "asymptotic" formula; it gives scipy's value for the
  // 60-a-side case above): U = 7524.5, one tie (30 * 1.01 == 27 + 3.3).
  std::vector<double> base, cur;
  for (int i = 0; i < 120; ++i) base.push_back(i * 1.01), cur.push_back(i + 3.3);
  const MannWhitney result = mann_whitney_u(base, cur);
  EXPECT_FALSE(result.exact);
  EXPECT_DOUBLE_EQ(result.u, 7524.5);
  EXPECT_NEAR(result.p_value, 0.54685160220154039, 1e-9);
}

TEST(MannWhitney, CompleteSeparationReachesTheSmallestExactP) {
  std::vector<double> base(10), cur(10);
  std::iota(base.begin(), base.end(), 1.0);
  std::iota(cur.begin(), cur.end(), 100.0);
  // 2 / C(20, 10) = 2 / 184756; one-sided in the slower direction, half of it.
  EXPECT_NEAR(mann_whitney_u(base, cur).p_value, 2.0 / 184756.0, 1e-15);
  EXPECT_NEAR(mann_whitney_u(base, cur).p_slower, 1.0 / 184756.0, 1e-15);
  EXPECT_DOUBLE_EQ(mann_whitney_u(base, cur).p_faster, 1.0);
  EXPECT_NEAR(mann_whitney_u(cur, base).p_faster, 1.0 / 184756.0, 1e-15);
}

TEST(MannWhitney, AllTiedGivesNoEvidence) {
  const std::vector<double> same(8, 1.0);
  EXPECT_DOUBLE_EQ(mann_whitney_u(same, same).p_value, 1.0);
  EXPECT_DOUBLE_EQ(mann_whitney_u(same, same).p_slower, 1.0);
  EXPECT_DOUBLE_EQ(mann_whitney_u(same, same).p_faster, 1.0);
}

TEST(MannWhitney, EmptySampleIsRejected) {
  EXPECT_THROW(mann_whitney_u(std::vector<double>{}, std::vector<double>{1.0}), std::invalid_argument);
}

TEST(UDistribution, IsSymmetricAndSumsToOne) {
  const auto d = UDistribution::get(9, 6);
  EXPECT_DOUBLE_EQ(d->cdf(54), 1.0);
  for (int u = 0; u <= 54; ++u) EXPECT_NEAR(d->cdf(u), d->upper_tail(54 - u), 1e-12);
}

// Reference values: tests/unit/stats/u_exact_reference.py, which counts
// arrangements with Python big integers through the Gaussian binomial
// coefficient (an independent method from the C++ recurrence) and converts
// exact fractions to double.
TEST(UDistribution, MatchesBigIntegerReferenceUpToOneHundredASide) {
  struct Point {
    std::size_t n, m;
    int u;
    double cdf;
  };
  const Point points[] = {
      {80, 10, 0, 1.7480544864446753e-13},    {80, 10, 247, 0.02460203718465391},
      {80, 10, 248, 0.025387508492605904},    {80, 10, 202, 0.0048502434967828117},
      {80, 10, 400, 0.50252169884100228},     {80, 80, 0, 1.0864236331466755e-47},
      {80, 80, 1600, 9.961073040511254e-09},  {80, 80, 2625, 0.024873983979388465},
      {80, 80, 2626, 0.025074883683336758},   {80, 80, 3200, 0.50067879759767853},
      {100, 100, 0, 1.1043803465997514e-59},  {100, 100, 2500, 1.6516154815877925e-10},
      {100, 100, 3948, 0.004993069607529009}, {100, 100, 4197, 0.024876720209529756},
      {100, 100, 4198, 0.025020202062330209}, {100, 100, 5000, 0.50048628586729194},
  };
  for (const Point& p : points)
    EXPECT_NEAR(UDistribution::get(p.n, p.m)->cdf(p.u) / p.cdf, 1.0, 1e-9) << p.n << "x" << p.m << " u=" << p.u;
}

TEST(UDistribution, CriticalValuesUpToOneHundredASide) {
  // u_exact_reference.py: the largest c with P(U <= c) <= alpha.
  EXPECT_EQ(UDistribution::get(80, 10)->lower_critical_value(0.025), 247);
  EXPECT_EQ(UDistribution::get(80, 10)->lower_critical_value(0.005), 202);
  EXPECT_EQ(UDistribution::get(80, 80)->lower_critical_value(0.025), 2625);
  EXPECT_EQ(UDistribution::get(80, 80)->lower_critical_value(0.005), 2447);
  EXPECT_EQ(UDistribution::get(100, 100)->lower_critical_value(0.025), 4197);
  EXPECT_EQ(UDistribution::get(100, 100)->lower_critical_value(0.005), 3948);
}

TEST(UDistribution, RejectsSizesBeyondTheExactRange) {
  EXPECT_THROW(UDistribution::get(101, 10), std::out_of_range);
  EXPECT_THROW(UDistribution::get(0, 10), std::out_of_range);
}

TEST(UDistribution, CacheIsBoundedAndStillShares) {
  const auto first = UDistribution::get(7, 3);
  EXPECT_EQ(UDistribution::get(7, 3), first);  // a hit returns the same table
  for (std::size_t n = 1; n <= UDistribution::kCacheEntries + 1; ++n) UDistribution::get(n, 2);
  const auto again = UDistribution::get(7, 3);  // evicted meanwhile: rebuilt, same values
  EXPECT_NE(again, first);
  for (int u = 0; u <= 21; ++u) EXPECT_DOUBLE_EQ(again->cdf(u), first->cdf(u));
}

TEST(MannWhitney, ExactUpToOneHundredASide) {
  // u_exact_reference.py: base 0..n-1 against current i + d + 0.5 (no ties).
  for (const auto& [n, shift, p] : {std::tuple{80, 9.5, 0.014476727899653378}, std::tuple{100, 12.5, 0.0040547788940753331}}) {
    std::vector<double> base(static_cast<std::size_t>(n)), cur(base.size());
    std::iota(base.begin(), base.end(), 0.0);
    std::iota(cur.begin(), cur.end(), shift);
    const MannWhitney result = mann_whitney_u(base, cur);
    EXPECT_TRUE(result.exact);
    EXPECT_NEAR(result.p_value / p, 1.0, 1e-9) << n;
  }
}

TEST(UDistribution, CriticalValueOfTheTextbookTable) {
  // Two-sided 5% critical values of U: 2 for n = m = 5, 23 for n = m = 10.
  EXPECT_EQ(UDistribution::get(5, 5)->lower_critical_value(0.025), 2);
  EXPECT_EQ(UDistribution::get(10, 10)->lower_critical_value(0.025), 23);
}

}  // namespace
}  // namespace perfgate::stats
