#pragma once
// Input-file arguments on the command line: "-" is standard input
// (perfgate/model/input_file.hpp reads it), anything else must be a file.

#include <CLI/CLI.hpp>

namespace perfgate::cli {

// CLI::ExistingFile that also lets "-" through.
CLI::Validator existing_file_or_stdin();

}  // namespace perfgate::cli
