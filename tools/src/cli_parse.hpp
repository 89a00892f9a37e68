#pragma once
// The command line, read the way every perfgate subcommand shares:
// a typo'd subcommand is named with the closest real one, a missing one
// prints the usage, every parse error is one line (cli_errors.hpp), and
// --help/--version print and exit 0.

#include <functional>

#include <CLI/CLI.hpp>

namespace perfgate::cli {

// Parses argv into `app` and runs `run` (under run_reporting_errors: one
// line and exit 2 for a bad input or output).  Returns the exit code:
// run's, 0 for --help and --version, 2 for a bad command line.
int parse_command_line(CLI::App& app, int argc, char** argv, const std::function<int()>& run);

}  // namespace perfgate::cli
