#include "perfgate/stats/ratio_interval.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "perfgate/stats/u_distribution.hpp"

namespace perfgate::stats {
namespace {

// Inverse of the standard normal CDF (Acklam's rational approximation,
// relative error below 1.2e-9), enough for critical values.
double normal_quantile(double p) {
  static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                             1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
  static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                             6.680131188771972e+01, -1.328068155288572e+01};
  static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                             -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00};
  static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                             3.754408661907416e+00};
  const double low = 0.02425;
  if (p < low) {
    const double q = std::sqrt(-2 * std::log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
           ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - low) return -normal_quantile(1 - p);
  const double q = p - 0.5;
  const double r = q * q;
  return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
         (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

// Number of differences to cut from each end: k - 1 in the header's terms,
// negative when the samples are too small for the level.
long differences_to_trim(std::size_t n, std::size_t m, double alpha_half) {
  if (n <= UDistribution::kMaxExactSize && m <= UDistribution::kMaxExactSize)
    return UDistribution::get(n, m)->lower_critical_value(alpha_half);
  const double nm = static_cast<double>(n * m);
  const double sd = std::sqrt(nm * static_cast<double>(n + m + 1) / 12.0);
  const auto k = static_cast<long>(std::floor(nm / 2.0 - normal_quantile(1.0 - alpha_half) * sd));
  return k - 1;
}

double median_of(std::vector<double>& values) {
  const std::size_t mid = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid), values.end());
  const double upper = values[mid];
  if (values.size() % 2 == 1) return upper;
  return (upper + *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid))) / 2;
}

}  // namespace

RatioInterval ratio_interval(std::span<const double> baseline, std::span<const double> current,
                             double confidence) {
  RatioInterval result;
  if (baseline.empty() || current.empty()) return result;
  std::vector<double> log_base, differences;
  for (double b : baseline) log_base.push_back(std::log(b));
  differences.reserve(baseline.size() * current.size());
  for (double c : current) {
    const double log_c = std::log(c);
    for (double lb : log_base) differences.push_back(log_c - lb);
  }
  result.estimate = std::exp(median_of(differences));
  const long trim = differences_to_trim(current.size(), baseline.size(), (1.0 - confidence) / 2.0);
  const auto total = static_cast<long>(differences.size());
  if (trim < 0 || trim >= total - trim) return result;  // too few samples for this level
  const auto low = differences.begin() + trim;
  const auto high = differences.begin() + (total - 1 - trim);
  std::nth_element(differences.begin(), low, differences.end());
  result.low = std::exp(*low);
  std::nth_element(low, high, differences.end());
  result.high = std::exp(*high);
  result.available = true;
  return result;
}

}  // namespace perfgate::stats
