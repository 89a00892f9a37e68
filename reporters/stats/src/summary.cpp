#include "perfgate/stats/summary.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace perfgate::stats {

double median(std::span<const double> values) {
  if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
  std::vector<double> v(values.begin(), values.end());
  const std::size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
  const double upper = v[mid];
  if (v.size() % 2 == 1) return upper;
  const double lower = *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid));
  return lower / 2.0 + upper / 2.0;  // no overflow at 1.7e308 (the same value otherwise)
}

double median_absolute_deviation(std::span<const double> values) {
  const double centre = median(values);
  std::vector<double> deviations;
  deviations.reserve(values.size());
  for (double v : values) deviations.push_back(std::fabs(v - centre));
  return median(deviations);
}

double robust_cv(std::span<const double> values) {
  if (values.size() < 2) return 0.0;
  const double centre = median(values);
  if (centre == 0.0) return 0.0;
  const double mad = median_absolute_deviation(values);
  const double cv = 1.4826 * mad / std::fabs(centre);
  return std::isfinite(cv) ? cv : 1.4826 * (mad / std::fabs(centre));  // MAD near DBL_MAX
}

}  // namespace perfgate::stats
