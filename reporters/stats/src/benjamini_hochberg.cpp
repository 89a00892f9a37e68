#include "perfgate/stats/benjamini_hochberg.hpp"

#include <algorithm>
#include <numeric>

namespace perfgate::stats {

std::vector<double> benjamini_hochberg(std::span<const double> p_values) {
  const std::size_t m = p_values.size();
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return p_values[a] < p_values[b]; });
  std::vector<double> q(m);
  double running_min = 1.0;
  for (std::size_t rank = m; rank >= 1; --rank) {
    const std::size_t index = order[rank - 1];
    const double scaled = p_values[index] * static_cast<double>(m) / static_cast<double>(rank);
    running_min = std::min(running_min, scaled);
    q[index] = running_min;
  }
  return q;
}

}  // namespace perfgate::stats
