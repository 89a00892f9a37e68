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
// makes a results file the suite's baseline for its device; `in_a_report`
// names the paths as reports do (relative to the project), else as given.
std::string promote_command(const std::filesystem::path& results, const MainOptions& options, bool in_a_report = false);

// What makes the suite gated on this device when it has no baseline here:
// "record a baseline for <slug> with `perfgate baseline update --suite S`
// on this runner, or make this run's results the baseline with `perfgate
// baseline promote RESULTS --baseline-dir DIR`" (the promote command only
// when the run writes results: `results` not empty); `in_a_report` names the
// paths as reports do (report_path.hpp), else as given.
std::string gate_advice(const std::string& suite, const std::string& slug, const std::filesystem::path& results,
                        const MainOptions& options, bool in_a_report = true);

// Said before measuring when the suite has no baseline for this device:
// every case will be NEW (no baseline anywhere) or INCOMPARABLE (only
// `other`, another device's): NOT GATED.  `other` is that baseline, if any.
std::string not_gated_warning(const std::string& suite, const std::string& slug, const std::optional<std::filesystem::path>& other,
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
