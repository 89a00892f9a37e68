#pragma once
// The Mann-Whitney U test (Wilcoxon rank-sum): two-sided, and one-sided in
// each direction (a REGRESSION is a claim that the current side is slower:
// its test is one-sided in that direction; issue 30).

#include <span>

namespace perfgate::stats {

struct MannWhitney {
  double u = 0.0;        // pairs (b, c) with c > b, ties counting one half
  double p_value = 1.0;  // two-sided: min(1, 2 * the smaller one-sided p)
  double p_slower = 1.0; // one-sided, current larger (slower): P(U >= u) under the null
  double p_faster = 1.0; // one-sided, current smaller (faster): P(U <= u) under the null
  bool exact = false;    // from the exact null distribution, not the normal one
};

// Exact p-value when there are no ties and both samples have at most 100
// values; otherwise the normal approximation with tie correction and a
// continuity correction.  Both samples must be non-empty.
MannWhitney mann_whitney_u(std::span<const double> baseline, std::span<const double> current);

}  // namespace perfgate::stats
