#pragma once
// The re-measurement rounds' budget from the flags (sequential_remeasure.hpp):
// each round twice the run's repetitions (or --perfgate_confirm_repetitions),
// three rounds a case (or --perfgate_remeasure_repetitions), and the wall
// time (--perfgate_remeasure_seconds).

#include "main/main_options.hpp"
#include "perfgate/gate/sequential_remeasure.hpp"

namespace perfgate {

RemeasureBudget remeasure_budget(const MainOptions& options);

}  // namespace perfgate
