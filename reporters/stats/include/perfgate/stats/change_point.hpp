#pragma once
// Change points in a benchmark's history: the commits after which the level
// of a series (one value per run, ordered by commit) moved.  E-divisive means
// (Matteson & James 2014) proposes where to split; a two-sample t-test
// between the two sides, as Apache Otava (Hunter) and MongoDB use instead of
// E-divisive's permutation test, decides whether the split is real, so the
// answer is deterministic.  (Student's pooled test, not Welch's, with a
// rank test beside it: see change_point.cpp.)  Where no split passes, the
// interval that differs most from the rest is tried (a regression later
// fixed: stats/bump_scan.hpp).  Calibration: docs/measurements.md,
// "Change-point triage (perfgate history changes)".

#include <cstddef>
#include <span>
#include <vector>

#include "perfgate/stats/ramp_fit.hpp"

namespace perfgate::stats {

struct ChangePointSettings {
  // A split is kept when its t-test's p-value is below this.  The p-value of
  // the best of many splits is not a false-alarm rate (0.001 called a change
  // in 1.3-1.6% of unchanged gaussian series); 1e-4 is what the study measured to keep
  // false changes near 0.2% of unchanged gaussian series of 30 and 60 runs
  // while finding 99% of 4-sigma steps at the right commit (+-1).
  double max_p_value = 1e-4;
  std::size_t min_segment = 3;  // points on each side of a change at least
  // ... and the Mann-Whitney U test between the same sides must agree below
  // this: a guard against one outlier among a short side's few runs (1: off).
  double max_rank_p_value = 0.01;
  // Where the best split of a segment fails, the best interval of at most
  // max_bump_width points against the rest of the segment (a regression
  // later fixed: stats/bump_scan.hpp) is kept, both edges, when its t-test
  // is below this divided by the number of intervals compared (Bonferroni:
  // the chance that the bump search calls a change in a segment where
  // nothing changed is at most this, gaussian noise), and the rank test
  // agrees.  Calibration: docs/measurements.md.  0: no bump search.
  double max_bump_p_value = 1e-4;
  std::size_t max_bump_width = 100;
  // Where neither the best split nor the best bump of a segment passes (a
  // series of several levels back and forth: each side of any one split
  // mixes levels), each split is tested on the `local_half_width` points on
  // either side of it alone (cut at the segment's ends), and the best is
  // kept when its t-test is below max_bump_p_value divided by the number of
  // splits compared (Bonferroni) and the rank test agrees.  Such a change is
  // re-tested the same way, in its neighbourhood between its neighbours, by
  // the second pass (issue 45).  0: no local search.
  std::size_t local_half_width = 6;
  // Step or drift, between each change's neighbours (stats/ramp_fit.hpp).
  RampSettings shape;
};

struct ChangePoint {
  std::size_t index;   // first point of the new level (series[index] is after the step)
  double p_value;      // of the t-test between the adjoining segments (after the final re-test)
  double mean_before;  // mean of the adjoining segment before / after (values as given)
  double mean_after;
  // A drift: the level moved along a ramp from point first_moved to
  // first_at_level (the first point at the new level).  A step: both are index.
  bool drift = false;
  std::size_t first_moved = 0;
  std::size_t first_at_level = 0;
  // A drift whose ramp fits clearly better than any step (ramp_fit.hpp's
  // first rule): the data show a trend.  A drift without it is a step the
  // data cannot place (the second rule): somewhere in the range.
  bool trend = false;
};

// Change points in index order.  Series shorter than 2 * min_segment: none.
// NaN or infinite values, min_segment < 2 or a threshold outside (0, 1]
// (max_bump_p_value: [0, 1]): std::invalid_argument.  The caller chooses the
// scale; perfgate passes log(median seconds), so a step is a ratio.
// Each point's shape (step or drift, stats/ramp_fit.hpp) is fitted between
// its neighbours; neighbouring changes that one ramp fits are merged.
// Time: O(n log n) per segment tried (sorted prefix sums, not the O(n^2)
// distance matrix), plus O(n x max_bump_width) for the bump search of each
// segment whose split fails, plus O(window x max_span) per change for its
// shape; so O(n log n * (c + 1)) for c changes, plus the re-test's
// at most c rounds over the c segments.  n = 20000 with 4 steps: 20 ms.
std::vector<ChangePoint> find_change_points(std::span<const double> series,
                                            const ChangePointSettings& settings = {});

}  // namespace perfgate::stats
