#pragma once
// What `perfgate --help` and the gating subcommands' help say below their
// flags: the exit codes (docs/design.md, Exit codes; exit_code.hpp) and the
// conventions every subcommand shares.

#include <string>

namespace perfgate::cli {

// The exit codes of a gate (compare, ab, run): 0, 1, 2 and 77 with what
// each means.
std::string gate_exit_codes_help();

// The exit codes of a subcommand that does not gate (baseline, device,
// suggest, history): 0 or 2, and 77 where it may skip (baseline update);
// never the gate's pass and regression, which would be read as a verdict.
std::string other_exit_codes_help(bool may_skip);

// Their help's footer: those exit codes and "-" for standard input.
std::string subcommand_help_footer(bool may_skip = false);

// history changes: 0, 1 under --fail-on regression, 2.
std::string alert_help_footer();
// perfgate bisect's: 0 found, 1 not found, 2 errors.
std::string bisect_help_footer();

// The program's footer: the gate's exit codes, those of the other
// subcommands (0 or 2), and "-" for standard input.
std::string program_help_footer();

// "perfgate 0.1.0": what `perfgate --version` prints.
std::string version_line();

}  // namespace perfgate::cli
