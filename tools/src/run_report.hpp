#pragma once
// A gate run read back from the comparison files its suites left, for
// `perfgate report` and `perfgate run` (one Markdown summary, one HTML page).

#include <filesystem>

#include "perfgate/reports/report_input.hpp"

namespace perfgate::cli {

// One suite: its comparison (and exit code) from `comparison_file`; its
// results from <suite>.results.json beside it, or in ../results/ (the
// layout `perfgate run` leaves: comparisons/ and results/ side by side);
// its baseline from the path the comparison names, from where the suite ran
// or from beside the file, when that is a file.  InputError naming the file
// when the comparison cannot be read.
SuiteReport read_suite_report(const std::filesystem::path& comparison_file);

}  // namespace perfgate::cli
