#include "perfgate/stats/ratio_interval.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "perfgate/stats/u_distribution.hpp"

namespace perfgate::stats {
namespace {

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

// The pairwise differences log c_i - log b_j are never materialized (n x m of
// them: 7.2 GB at 30,000 a side).  Over sorted logs, the computed difference
// c[i] - b[j] is non-decreasing in i and non-increasing in j (rounding is
// monotone), so how many are <= x is one two-pointer pass.  The k-th smallest
// is bracketed by bisection on the value, lo < d_(k) <= hi, until about n + m
// differences lie in (lo, hi]; those are then listed and the right one
// selected.  It is exactly the value a sort of all n x m differences gives
// (ratio_interval_test compares the two on random inputs with ties).
class SortedDifferences {
 public:
  SortedDifferences(std::vector<double> current, std::vector<double> baseline)
      : c_(std::move(current)), b_(std::move(baseline)) {
    std::sort(c_.begin(), c_.end());
    std::sort(b_.begin(), b_.end());
  }

  unsigned long long size() const { return static_cast<unsigned long long>(c_.size()) * b_.size(); }

  // The k-th smallest difference, 1 <= k <= size().
  double select(unsigned long long k) const {
    double lo = c_.front() - b_.back();  // the smallest difference
    unsigned long long below_lo = count_at_most(lo);
    if (below_lo >= k) return lo;
    double hi = c_.back() - b_.front();  // the largest
    unsigned long long below_hi = size();
    // Invariant: below_lo = count(<= lo) < k <= count(<= hi) = below_hi.
    const unsigned long long few = 2 * (c_.size() + b_.size());
    for (int step = 0; below_hi - below_lo > few; ++step) {
      // Halving the value is fastest; a mass of equal differences (ties at 0)
      // can make it creep towards a value, so after 64 steps halve the
      // doubles' order instead, which ends within 64 more.
      const double mid = step < 64 ? lo / 2 + hi / 2 : from_key(to_key(lo) + (to_key(hi) - to_key(lo)) / 2);
      if (!(mid > lo && mid < hi)) break;  // lo and hi are neighbouring doubles
      const unsigned long long below_mid = count_at_most(mid);
      if (below_mid >= k) hi = mid, below_hi = below_mid;
      else lo = mid, below_lo = below_mid;
    }
    if (std::nextafter(lo, hi) == hi) return hi;  // no double between: d_(k) is hi
    std::vector<double> between = differences_in(lo, hi);  // below_hi - below_lo of them
    const auto at = between.begin() + static_cast<std::ptrdiff_t>(k - below_lo - 1);
    std::nth_element(between.begin(), at, between.end());
    return *at;
  }

 private:
  unsigned long long count_at_most(double x) const {
    unsigned long long count = 0;
    std::size_t j = 0;
    const std::size_t m = b_.size();
    for (double c : c_) {
      while (j < m && c - b_[j] > x) ++j;
      count += m - j;
    }
    return count;
  }

  // Every difference d with lo < d <= hi.
  std::vector<double> differences_in(double lo, double hi) const {
    std::vector<double> out;
    std::size_t first = 0, end = 0;  // per row: first j with d <= hi, first j with d <= lo
    const std::size_t m = b_.size();
    for (double c : c_) {
      while (first < m && c - b_[first] > hi) ++first;
      while (end < m && c - b_[end] > lo) ++end;
      for (std::size_t j = first; j < end; ++j) out.push_back(c - b_[j]);
    }
    return out;
  }

  // Doubles in order as unsigned integers (-0 as +0).
  static std::uint64_t to_key(double x) {
    if (x == 0.0) x = 0.0;
    std::uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    return (bits >> 63) ? ~bits : bits | (std::uint64_t{1} << 63);
  }
  static double from_key(std::uint64_t key) {
    const std::uint64_t bits = (key >> 63) ? key & ~(std::uint64_t{1} << 63) : ~key;
    double x;
    std::memcpy(&x, &bits, sizeof x);
    return x;
  }

  std::vector<double> c_, b_;
};

double midpoint(double a, double b) { return a / 2 + b / 2; }  // no overflow

}  // namespace

// Acklam's rational approximation: enough for critical values.
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

RatioInterval ratio_interval(std::span<const double> baseline, std::span<const double> current,
                             double confidence) {
  RatioInterval result;
  if (baseline.empty() || current.empty()) return result;
  std::vector<double> log_base, log_current;
  log_base.reserve(baseline.size());
  log_current.reserve(current.size());
  for (double b : baseline) log_base.push_back(std::log(b));
  for (double c : current) log_current.push_back(std::log(c));
  const auto finite = [](const std::vector<double>& v) { return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); }); };
  if (!finite(log_base) || !finite(log_current)) return result;  // a zero sample: no ratio
  const SortedDifferences differences(std::move(log_current), std::move(log_base));
  const unsigned long long total = differences.size();
  // The median: the middle difference, or the midpoint of the two middle ones.
  const unsigned long long mid = total / 2;  // 0-based index of the upper middle
  const double upper = differences.select(mid + 1);
  result.estimate = std::exp(total % 2 == 1 ? upper : midpoint(differences.select(mid), upper));
  const long trim = differences_to_trim(current.size(), baseline.size(), (1.0 - confidence) / 2.0);
  if (trim < 0 || static_cast<unsigned long long>(trim) >= total - static_cast<unsigned long long>(trim))
    return result;  // too few samples for this level
  const auto t = static_cast<unsigned long long>(trim);
  result.low = std::exp(differences.select(t + 1));
  result.high = std::exp(differences.select(total - t));
  result.available = true;
  return result;
}

RatioInterval widen(const RatioInterval& interval, double extra) {
  if (!interval.available || !(extra > 0.0)) return interval;
  const double centre = std::log(interval.estimate);
  const auto stretch = [&](double end) { return std::hypot(std::log(end) - centre, extra); };
  RatioInterval wide = interval;
  wide.low = std::exp(centre - stretch(interval.low));
  wide.high = std::exp(centre + stretch(interval.high));
  return wide;
}

}  // namespace perfgate::stats
