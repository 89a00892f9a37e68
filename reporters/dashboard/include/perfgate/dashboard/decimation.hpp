#pragma once
// Thinning a series for display.  A trend of 10,000 runs drawn point by point
// is a page no browser scrolls; an average per bucket would hide the one slow
// run and round a step off.  Min/max per bucket keeps both: every step and
// every outlier is still drawn, at most `max_points` points.

#include <cstddef>
#include <span>
#include <vector>

namespace perfgate::dashboard {

// The positions of the points to draw, ascending.  All of them when there
// are at most `max_points`; otherwise the first and the last, and, for the
// points between cut into (max_points - 2) / 2 buckets of consecutive
// points (equal counts, +-1), the smallest and the largest value of each
// bucket (one position when they are the same point).  max_points < 4 is
// taken as 4.
std::vector<std::size_t> decimate_min_max(std::span<const double> values, std::size_t max_points);

// The rule above in one sentence, for the pages' footers.
inline constexpr const char* kDecimationRule =
    "Sparklines of long series are thinned over commit order: the first and last run, then the "
    "fastest and slowest run median of each of equal buckets of consecutive runs, so steps and "
    "outliers stay visible; charts draw every run; change points are found on the full series.";

}  // namespace perfgate::dashboard
