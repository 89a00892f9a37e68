#pragma once
// Input arguments on the command line: "-" is standard input
// (perfgate/model/input_file.hpp reads it), anything else must be a file;
// a suite name follows the suite-name rule.

#include <CLI/CLI.hpp>

namespace perfgate::cli {

// CLI::ExistingFile that also lets "-" through.
CLI::Validator existing_file_or_stdin();

// A suite's name as perfgate_add_suite() takes it (suite_name.hpp): it names
// files and baselines, so --suite is checked where it is parsed.
CLI::Validator suite_name_validator(const char* what = "suite");

// A number that is finite: CLI::Range lets NaN through (every comparison
// with it is false), and a NaN --remeasure-seconds switched the budget off.
// Checked before the range.
CLI::Validator finite_number_validator();

// A link a reader clicks (--report-url, --dashboard-url): only a web
// address, http:// or https:// (no javascript:), without user:password@.
CLI::Validator web_url_validator();

}  // namespace perfgate::cli
