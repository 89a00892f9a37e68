#include "perfgate/stats/mann_whitney.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

#include "perfgate/stats/u_distribution.hpp"

namespace perfgate::stats {
namespace {

struct RankSums {
  double current_rank_sum = 0.0;
  double tie_term = 0.0;  // sum of t^3 - t over groups of t tied values
};

RankSums rank_current(std::span<const double> baseline, std::span<const double> current) {
  std::vector<std::pair<double, bool>> pooled;  // (value, is_current)
  pooled.reserve(baseline.size() + current.size());
  for (double v : baseline) pooled.emplace_back(v, false);
  for (double v : current) pooled.emplace_back(v, true);
  std::sort(pooled.begin(), pooled.end());
  RankSums sums;
  for (std::size_t start = 0; start < pooled.size();) {
    std::size_t end = start;
    while (end < pooled.size() && pooled[end].first == pooled[start].first) ++end;
    const double tied = static_cast<double>(end - start);
    const double mid_rank = (static_cast<double>(start + 1) + static_cast<double>(end)) / 2.0;
    for (std::size_t k = start; k < end; ++k)
      if (pooled[k].second) sums.current_rank_sum += mid_rank;
    sums.tie_term += tied * tied * tied - tied;
    start = end;
  }
  return sums;
}

double normal_two_sided(double u, double n, double m, double tie_term) {
  const double total = n + m;
  const double variance = n * m / 12.0 * ((total + 1.0) - tie_term / (total * (total - 1.0)));
  if (variance <= 0.0) return 1.0;  // every value tied: no evidence either way
  const double distance = std::max(0.0, std::fabs(u - n * m / 2.0) - 0.5);
  return std::min(1.0, std::erfc(distance / std::sqrt(variance) / std::sqrt(2.0)));
}

}  // namespace

MannWhitney mann_whitney_u(std::span<const double> baseline, std::span<const double> current) {
  if (baseline.empty() || current.empty())
    throw std::invalid_argument("Mann-Whitney U needs two non-empty samples");
  const auto n = static_cast<double>(baseline.size());
  const auto m = static_cast<double>(current.size());
  const RankSums sums = rank_current(baseline, current);
  MannWhitney result;
  result.u = sums.current_rank_sum - m * (m + 1.0) / 2.0;
  const bool small = baseline.size() <= UDistribution::kMaxExactSize &&
                     current.size() <= UDistribution::kMaxExactSize;
  if (small && sums.tie_term == 0.0) {
    const auto null = UDistribution::get(current.size(), baseline.size());
    const double tail = std::min(null->cdf(result.u), null->upper_tail(result.u));
    result.p_value = std::min(1.0, 2.0 * tail);
    result.exact = true;
  } else {
    result.p_value = normal_two_sided(result.u, n, m, sums.tie_term);
  }
  return result;
}

}  // namespace perfgate::stats
