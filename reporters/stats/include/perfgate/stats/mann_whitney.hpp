#pragma once
// The Mann-Whitney U test (Wilcoxon rank-sum), two-sided.

#include <span>

namespace perfgate::stats {

struct MannWhitney {
  double u = 0.0;        // pairs (b, c) with c > b, ties counting one half
  double p_value = 1.0;  // two-sided
  bool exact = false;    // from the exact null distribution, not the normal one
};

// Exact p-value when there are no ties and both samples have at most 100
// values; otherwise the normal approximation with tie correction and a
// continuity correction.  Both samples must be non-empty.
MannWhitney mann_whitney_u(std::span<const double> baseline, std::span<const double> current);

}  // namespace perfgate::stats
