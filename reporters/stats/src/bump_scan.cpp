#include "perfgate/stats/bump_scan.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace perfgate::stats {
namespace {

// prefix[k] = sum of the first k values, centred on the segment's mean so
// that the sums of log times (far from zero) do not cancel.
std::vector<double> centred_prefix_sums(std::span<const double> segment) {
  const double mean = std::accumulate(segment.begin(), segment.end(), 0.0) / static_cast<double>(segment.size());
  std::vector<double> prefix(segment.size() + 1, 0.0);
  for (std::size_t i = 0; i < segment.size(); ++i) prefix[i + 1] = prefix[i] + (segment[i] - mean);
  return prefix;
}

}  // namespace

std::optional<Bump> best_bump(std::span<const double> segment, std::size_t min_segment, std::size_t max_width) {
  const std::size_t n = segment.size();
  if (min_segment == 0 || n < 3 * min_segment || max_width < min_segment) return std::nullopt;
  const std::vector<double> prefix = centred_prefix_sums(segment);
  const double total = static_cast<double>(n);
  const std::size_t widest = std::min(max_width, n - 2 * min_segment);
  std::optional<Bump> best;
  double best_score = -1.0;
  // Width by width: within one width the score is the largest |sum inside|,
  // so the inner loop is a subtraction and a comparison (no division).
  std::size_t candidates = 0;
  for (std::size_t width = min_segment; width <= widest; ++width) {
    candidates += n - width - 2 * min_segment + 1;
    double largest = -1.0;
    std::size_t largest_begin = min_segment;
    for (std::size_t begin = min_segment; begin + width + min_segment <= n; ++begin) {
      const double inside = std::abs(prefix[begin + width] - prefix[begin]);  // centred: the mean of all is 0
      if (inside > largest) {
        largest = inside;
        largest_begin = begin;
      }
    }
    const double k = static_cast<double>(width);
    const double score = largest * largest / (k * (total - k));
    if (score > best_score) {
      best_score = score;
      best = Bump{largest_begin, largest_begin + width, 0};
    }
  }
  if (best) best->candidates = candidates;
  return best;
}

}  // namespace perfgate::stats
