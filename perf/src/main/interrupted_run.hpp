#pragma once
// Ctrl-C or a CI timeout while measuring: the worker's journal, the only
// copy of the finished cases, was in a scratch folder that is gone now, so
// they are written to the results file; an earlier run's reports are
// removed, since this run has none.  Then the process dies of the signal
// (run_reporting_errors, interruption.hpp).

#include "main/main_options.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate {

// Says how many cases finished and where they went, then throws
// Interrupted{signal}.
[[noreturn]] void keep_finished_cases(const Results& partial, const MainOptions& options, int signal);

}  // namespace perfgate
