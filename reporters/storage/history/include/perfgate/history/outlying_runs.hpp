#pragma once
// Outlying runs among the history's rounds (issue 41): before the last K
// main runs are pooled as a reference (reference_runs.hpp), a run far from
// the others is left out, so that one slow run (a loaded machine, a
// throttled GPU, a broken build later fixed) cannot widen the reference's
// interval until a real regression is INCONCLUSIVE, or hide it.
//
// A run's suite ratio: the median over the suite's cases of
//     (the run's case median) / (the median of the other runs' case medians)
// (cases the run shares with at least one other run still pooled).  The
// run whose suite ratio is furthest outside [1 / kOutlyingRatio,
// kOutlyingRatio] (in log) is left out, and the ratios are taken again
// among the rest, until every run left is inside: one at a time, so that a
// run at 100x among three does not drag the others' medians (the median of
// two is their midpoint) and have them left out instead.
// Then, among the runs kept, the same bound per case, the same way: a
// run's value of a case (its median) beyond the bound relative to the
// median of the other kept runs' values of that case is left out of that
// case's pool, when the values left then agree (none beyond the bound) and
// are more than half of the case's values; otherwise no majority says which
// values are normal: the case keeps them all, and its wide spread is what
// the gate reads.  docs/design.md, "History
// as the reference", says why 1.5.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/model/results.hpp"

namespace perfgate::history {

// 1.5x: above the largest move seen between runs of one build on a shared
// CI machine (+30%, a memory-bound case beside other tests:
// tests/e2e/ab_e2e_test.cpp), and beyond
// four run-to-run standard deviations at the 10% the gate believes of the
// history's spread at most (log 1.5 = 0.41); a poisoned run of 2x is beyond it.
inline constexpr double kOutlyingRatio = 1.5;

// Whether a ratio lies outside [1 / kOutlyingRatio, kOutlyingRatio].
bool outlying_ratio(double ratio);

// A round left out of the pool: its index and its suite ratio to the
// rounds still pooled when it was left out.
struct RunLeftOut {
  std::size_t round = 0;
  double ratio = 1.0;
};

// The rounds to leave out, as above, in the order they were found.
std::vector<RunLeftOut> outlying_rounds(const std::vector<Results>& rounds);

// A case value left out of the pool: the round's index, the case and its
// ratio to the other rounds' median.
struct CaseLeftOut {
  std::size_t round = 0;
  std::string benchmark;
  double ratio = 1.0;
};

// Removes from `rounds` each case value beyond the bound (as above) and
// says which, in round order.
std::vector<CaseLeftOut> cap_case_values(std::vector<Results>& rounds);

}  // namespace perfgate::history
