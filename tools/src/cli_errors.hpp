#pragma once
// One error style for everything the perfgate program prints: one line,
// "perfgate: error: <message>", on stderr, exit 2 — the line
// run_reporting_errors() (perfgate/model/errors.hpp) prints for a bad input
// or output, used here for bad command lines too, so a CI log is searched
// for one prefix.

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace perfgate::cli {

// "perfgate: error: " + message, control characters escaped, and a newline.
std::string error_line(const std::string& message);

// A word where a subcommand belongs that names none: "unknown subcommand
// 'comapre' (did you mean 'compare'?)", or for `perfgate baseline shw`
// "unknown subcommand 'baseline shw' ...".  Found before CLI11 parses
// (which would say "A subcommand is required" or list the extra words);
// nothing when every such word names a subcommand.  `args` without argv[0].
std::optional<std::string> unknown_subcommand(const CLI::App& app, const std::vector<std::string>& args);

// The visible name closest to `word` (typing slips: one or two letters
// changed, missing, added or swapped, or the start of one name), if any.
std::optional<std::string> closest_name(const std::string& word, const std::vector<std::string>& names);

// A command missing its subcommand (`perfgate`, `perfgate baseline`): the
// deepest command given that needs one, or null.  `args` without argv[0].
const CLI::App* missing_subcommand(const CLI::App& app, const std::vector<std::string>& args);

// A CLI11 parse error as one line: "perfgate: error: compare: CURRENT is
// required (see perfgate compare --help)".  `command` is where it happened.
std::string parse_error_line(const CLI::App& command, const CLI::ParseError& error);

// The deepest subcommand CLI11 had selected when parsing stopped.
const CLI::App& deepest_selected(const CLI::App& app);

}  // namespace perfgate::cli
