#include "perfgate/dashboard/decimation.hpp"

#include <algorithm>

namespace perfgate::dashboard {

std::vector<std::size_t> decimate_min_max(std::span<const double> values, std::size_t max_points) {
  const std::size_t n = values.size();
  max_points = std::max<std::size_t>(max_points, 4);
  std::vector<std::size_t> kept;
  if (n <= max_points) {
    for (std::size_t i = 0; i < n; ++i) kept.push_back(i);
    return kept;
  }
  const std::size_t inner = n - 2;  // points 1 .. n-2 go into buckets
  const std::size_t buckets = (max_points - 2) / 2;
  kept.push_back(0);
  for (std::size_t b = 0; b < buckets; ++b) {
    const std::size_t begin = 1 + b * inner / buckets;
    const std::size_t end = 1 + (b + 1) * inner / buckets;
    if (begin == end) continue;
    const auto first = values.begin() + static_cast<std::ptrdiff_t>(begin);
    const auto last = values.begin() + static_cast<std::ptrdiff_t>(end);
    const auto [low, high] = std::minmax_element(first, last);
    const std::size_t a = static_cast<std::size_t>(low - values.begin());
    const std::size_t c = static_cast<std::size_t>(high - values.begin());
    kept.push_back(std::min(a, c));
    if (a != c) kept.push_back(std::max(a, c));
  }
  kept.push_back(n - 1);
  return kept;
}

}  // namespace perfgate::dashboard
