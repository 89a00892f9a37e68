#pragma once
// The gate of a measured run: its cases compared with the reference chosen
// before measuring (reference_for_run.hpp), the open ones measured again
// until decided, notes on the conditions of the run, then gate_stage
// (explain, exit code, console table, reports).

#include <string>
#include <vector>

#include "main/main_options.hpp"
#include "main/reference_for_run.hpp"
#include "main/run_baselines.hpp"
#include "perfgate/gate/run_spread_history.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate {

// The gate's exit code.  Interrupted while re-measuring: the reports of an
// earlier run are removed (this run has none) and Interrupted goes on.
int gate_measured_run(const Results& current, const RunReference& reference, const RunBaselines& baselines,
                      const std::vector<std::string>& args, const MainOptions& options, const RunSpreadHistory* spreads);

}  // namespace perfgate
