#pragma once
// A distribution-free confidence interval for a median: two order
// statistics of the sample, chosen from the binomial(n, 1/2) distribution
// of how many values fall below the true median.  It needs no model of the
// noise, which is what a history of GPU timings (skewed, with outliers)
// wants for the interval it shows beside each run's median.

#include <span>

namespace perfgate::stats {

struct MedianInterval {
  bool available = false;  // false when n is too small for `confidence`
  double low = 0.0;
  double high = 0.0;
};

// The narrowest symmetric pair of order statistics x(k) <= median <= x(n+1-k)
// covering the median with probability >= confidence (0 < confidence < 1).
// Not available with fewer values than that needs (6 at 95%) or any NaN.
MedianInterval median_interval(std::span<const double> values, double confidence);

}  // namespace perfgate::stats
