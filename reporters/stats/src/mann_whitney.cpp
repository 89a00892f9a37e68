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

// The normal approximation with tie correction and a continuity correction:
// the one-sided tails and the two-sided p (scipy's "asymptotic" method).
void normal_p_values(double u, double n, double m, double tie_term, MannWhitney& result) {
  const double total = n + m;
  const double variance = n * m / 12.0 * ((total + 1.0) - tie_term / (total * (total - 1.0)));
  if (variance <= 0.0) return;  // every value tied: no evidence either way (all 1)
  const double scale = std::sqrt(variance) * std::sqrt(2.0);
  const double above = u - n * m / 2.0;
  result.p_slower = std::min(1.0, 0.5 * std::erfc((above - 0.5) / scale));
  result.p_faster = std::min(1.0, 0.5 * std::erfc((-above - 0.5) / scale));
  const double distance = std::max(0.0, std::fabs(above) - 0.5);
  result.p_value = std::min(1.0, std::erfc(distance / scale));
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
    result.p_slower = null->upper_tail(result.u);
    result.p_faster = null->cdf(result.u);
    result.p_value = std::min(1.0, 2.0 * std::min(result.p_slower, result.p_faster));
    result.exact = true;
  } else {
    normal_p_values(result.u, n, m, sums.tie_term, result);
  }
  return result;
}

}  // namespace perfgate::stats
