#pragma once
// What a suite binary tells its user about the baseline before and after
// measuring: the missing baseline and the one command that makes results
// the baseline, and a baseline too young to know the machine's drift.

#include <filesystem>
#include <optional>
#include <string>

#include "main/main_options.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate {

// `perfgate baseline promote RESULTS [--baseline-dir DIR]`: the command that
// makes a results file the suite's baseline for its device.
std::string promote_command(const std::filesystem::path& results, const MainOptions& options);

// No baseline for the suite on any device: what to do, with the promote
// command for this run's results when the run writes them (`results` not empty).
std::string no_baseline_problem(const std::filesystem::path& baseline_file, const std::string& suite,
                                const std::filesystem::path& results, const MainOptions& options);

// A baseline recorded in fewer than 3 runs (rounds) knows little or nothing
// of how far this machine moves from one run to the next, so the gate falls
// back to the assumed floor (--perfgate_min_run_spread): the first gates on
// a machine that drifts more may flag unchanged code.  The warning, or
// nullopt for a baseline of 3 or more rounds, or when a history gives the
// spreads (--perfgate_history).
std::optional<std::string> few_rounds_warning(const Results& baseline, const std::filesystem::path& file,
                                              const MainOptions& options);

}  // namespace perfgate
