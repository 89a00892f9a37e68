#pragma once
// How much slower or faster: a confidence interval for the ratio
// current / baseline of typical times.

#include <span>

namespace perfgate::stats {

struct RatioInterval {
  double estimate = 1.0;  // Hodges-Lehmann: exp(median of log c_j - log b_i)
  double low = 0.0;
  double high = 0.0;
  bool available = false;  // false when the samples are too small for the level
};

// The distribution-free interval that inverts the Mann-Whitney test on log
// times (Hodges-Lehmann / Moses): with d the n*m sorted pairwise differences
// log c_j - log b_i, the interval is [d_(k), d_(nm+1-k)], where k - 1 is the
// lower critical value of U at (1 - confidence) / 2 (exact for sizes up to
// 100, normal approximation beyond).  Under a scale shift, the ratio of
// medians equals exp(shift), so this is an interval for that ratio.
// Samples must be positive.
RatioInterval ratio_interval(std::span<const double> baseline, std::span<const double> current,
                             double confidence = 0.95);

// The interval with one more independent error term on the log scale, of
// half-width `extra` (e.g. z x the between-run standard deviation): each
// end's distance from log(estimate) becomes sqrt(distance^2 + extra^2).
// Unavailable intervals, and extra <= 0, are returned unchanged.
RatioInterval widen(const RatioInterval& interval, double extra);

// Inverse of the standard normal CDF, 0 < p < 1 (Acklam's approximation,
// relative error below 1.2e-9).
double normal_quantile(double p);

}  // namespace perfgate::stats
