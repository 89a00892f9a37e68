#pragma once
// The end of every gate the perfgate program runs itself (compare, ab):
// the explain stage, the console table, the report files, the exit code.

#include <filesystem>
#include <string>

#include "perfgate/compare/comparison.hpp"
#include "perfgate/writers/report_files.hpp"

namespace perfgate::cli {

int explain_and_report(Comparison& comparison, const Results& current, const Results& baseline,
                       const std::string& suggest_disable, const std::filesystem::path& baseline_dir,
                       const ReportPaths& paths);

}  // namespace perfgate::cli
