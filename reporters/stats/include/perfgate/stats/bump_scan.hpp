#pragma once
// The best "bump" of a segment: the interval [begin, end) whose mean differs
// most from the mean of the rest (the epidemic change model, Levin & Kline
// 1985).  A regression that is later fixed is two edges close together, and
// a binary split of such a segment mixes both levels on one side, so its
// t-test fails and bisection never looks inside; the interval against its
// outside sees both edges at once (docs/measurements.md, "Change-point
// triage").

#include <cstddef>
#include <optional>
#include <span>

namespace perfgate::stats {

struct Bump {
  std::size_t begin;  // first point inside (segment-relative)
  std::size_t end;    // first point after it
  std::size_t candidates;  // intervals compared (for a Bonferroni bound on the best)
};

// The interval with at least `min_segment` points inside and on each side of
// it outside, at most `max_width` points wide, that maximises the between
// sum of squares n / (k (n - k)) * (sum inside - k * mean)^2 (k points
// inside, n in all): for a fixed segment the same order as the pooled
// t-statistic of inside against outside.  None when the segment is too short
// (3 * min_segment points at least).  Time O(n * min(n, max_width)) from
// prefix sums.
std::optional<Bump> best_bump(std::span<const double> segment, std::size_t min_segment, std::size_t max_width);

}  // namespace perfgate::stats
