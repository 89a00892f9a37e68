#pragma once
// What a comparison could see: the smallest slowdown it could have failed,
// per case and for the suite.  A gate whose intervals are wider than its
// threshold passes slowdowns of the threshold's size without a word; this
// says so, with the size it could have seen.
//
// With [lo, hi] a case's ratio interval, w = ln(hi / lo) / 2 its half-width
// on the log scale and t its threshold, a REGRESSION needs lo > 1 and
// hi > 1 + t (classify.hpp).  The same interval around a true ratio R has
// both when R > e^w and R > (1 + t) e^-w: the smallest slowdown the case
// could have failed is (max(e^w, (1 + t) e^-w) - 1) x 100 %.  Below the
// threshold when w < ln(1 + t) / 2 ... ln(1 + t); above it, the case is blind
// to a change of the threshold's size.

#include <cstddef>
#include <optional>
#include <string>

#include "perfgate/gate/comparison.hpp"

namespace perfgate {

// The formula above; nullopt without an interval.
std::optional<double> detectable_slowdown_pct(const Evidence& evidence, double threshold_pct);

// Sets each gated case's detectable_pct (gate_status.hpp's is_gated, with an
// interval).
void set_detectable_slowdowns(Comparison& comparison);

// The suite's sight: over its gated cases with an interval.
struct GateSight {
  std::size_t cases = 0;      // gated cases with a detectable slowdown
  std::size_t blind = 0;      // of them, above their threshold
  double median_pct = 0.0;    // the median case's detectable slowdown
  double median_threshold_pct = 0.0;  // the median of their thresholds
  double worst_pct = 0.0;
  std::string worst_case;
};
GateSight gate_sight(const Comparison& comparison);

// "could not see changes below 34%" when the median gated case could not see
// a change of its threshold's size (the status line's words); nullopt
// otherwise.
std::optional<std::string> blind_below(const Comparison& comparison);

// "could not see changes below 34% (the median of 7 gated cases; its
// threshold is 5%): <remedy>" when the median case is blind; "2 of 7 gated
// cases could not see changes below their threshold (worst: x, 41%)" when
// only some are; nullopt when every case could see its threshold.
std::optional<std::string> sight_warning(const Comparison& comparison);

}  // namespace perfgate
