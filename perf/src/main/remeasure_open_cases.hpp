#pragma once
// The cases a suite run left open (suspected regressions, undecided
// slowdowns) measured again in rounds until decided
// (sequential_remeasure.hpp); each look judges every round so far of its
// cases, pooled, against the reference.  Each round is a worker run
// (remeasure_round.hpp) within remeasure_budget().

#include <string>
#include <vector>

#include "main/main_options.hpp"
#include "perfgate/gate/comparison.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate {

// `args` are the run's own; `current` is what it measured.  With
// confirmation off the open cases are marked unconfirmable.
void remeasure_open_cases(Comparison& comparison, const Results& baseline, const Results& current,
                          const std::vector<std::string>& args, const MainOptions& options);

}  // namespace perfgate
