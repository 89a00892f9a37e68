#pragma once
// A suspected regression stands only if a second, independent measurement
// shows it again.

#include <string>
#include <vector>

#include "perfgate/gate/comparison.hpp"

namespace perfgate {

// `results` with only the cases `names` (in that order; a name it lacks is
// left out).
Results cases_named(const Results& results, const std::vector<std::string>& names);

// The names of the benchmarks whose verdict is REGRESSION by their time (a
// REGRESSION the counts made is not measured again: counting again gives
// the same counts).
std::vector<std::string> suspected_regressions(const Comparison& comparison);

// `recheck` holds the suspects measured again.  Each suspect is compared
// with the baseline anew (with Benjamini-Hochberg across the suspects, at
// the first look's level q / 2: sequential_remeasure.hpp); it stays a
// REGRESSION (confirmed) only if that comparison says so again, and becomes
// INCONCLUSIVE (not reproduced) otherwise.  One round of
// measure_until_decided(), for a re-measurement already made.
void apply_recheck(Comparison& comparison, const Results& baseline, const Results& recheck);

// For comparisons that cannot re-measure (offline files): every suspect is
// marked unavailable with `why`, and stays a REGRESSION.
void mark_unconfirmable(Comparison& comparison, const std::string& why);

// For a reference measured alongside the candidate in alternating rounds
// (reference.hpp, measured_alongside): the rounds are the confirmation, a
// slowdown that held over every round pooled is confirmed; `how` says so
// ("confirmed by 5 alternating rounds a build").
void confirm_by_rounds(Comparison& comparison, const std::string& how);

}  // namespace perfgate
