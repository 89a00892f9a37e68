#pragma once
// Where a suite run writes: its results JSON (--perfgate_results, else
// <out_dir>/<suite>.results.json, else nowhere) and its reports
// (--perfgate_<format>, else under --perfgate_out_dir).

#include <filesystem>
#include <string>
#include <vector>

#include "main/main_options.hpp"
#include "perfgate/platform/distinct_outputs.hpp"
#include "perfgate/reports/report_files.hpp"

namespace perfgate {

// Empty when the run writes no results file.
std::filesystem::path results_path(const MainOptions& options, const std::string& suite);

ReportPaths report_paths(const MainOptions& options, const std::string& suite);

// Outputs are written by rename: one that names an input (the baseline,
// the calibration: RunBaselines::inputs) would replace it, two that name
// one file would lose one.  InputError, checked before anything is read.
void require_outputs_apart(const MainOptions& options, const std::string& suite, const std::vector<NamedPath>& inputs);

}  // namespace perfgate
