#pragma once
// Robust centre and spread of a sample.

#include <span>

namespace perfgate::stats {

// Median (mean of the two middle values for an even count).  NaN when empty.
double median(std::span<const double> values);

// Median absolute deviation from the median (unscaled).
double median_absolute_deviation(std::span<const double> values);

// 1.4826 * MAD / median: a coefficient of variation that one outlier cannot
// inflate (1.4826 makes MAD estimate the standard deviation of a normal
// sample).  0 for a zero median or fewer than two values.
double robust_cv(std::span<const double> values);

}  // namespace perfgate::stats
