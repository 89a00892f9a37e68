#include "perfgate/stats/median_interval.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace perfgate::stats {

// Coverage of [x(k), x(n+1-k)] is 1 - 2 P(B <= k-1); the largest k whose
// coverage still reaches `confidence` gives the narrowest interval.
MedianInterval median_interval(std::span<const double> values, double confidence) {
  MedianInterval interval;
  const std::size_t n = values.size();
  if (n == 0 || !(confidence > 0.0 && confidence < 1.0)) return interval;
  for (double v : values)
    if (std::isnan(v)) return interval;
  // P(B = i) for B ~ binomial(n, 1/2), stepped in log space (n in the
  // thousands neither overflows nor underflows); tail = P(B <= k - 1).
  std::size_t k = 0;  // 1-based rank of the low end; 0: none found yet
  double log_pmf = static_cast<double>(n) * std::log(0.5);  // P(B = 0)
  double tail = 0.0;
  for (std::size_t candidate = 1; 2 * candidate <= n + 1; ++candidate) {
    tail += std::exp(log_pmf);  // now P(B <= candidate - 1)
    if (1.0 - 2.0 * tail < confidence) break;
    k = candidate;
    log_pmf += std::log(static_cast<double>(n - (candidate - 1))) - std::log(static_cast<double>(candidate));
  }
  if (k == 0) return interval;
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  interval.available = true;
  interval.low = sorted[k - 1];
  interval.high = sorted[n - k];
  return interval;
}

}  // namespace perfgate::stats
