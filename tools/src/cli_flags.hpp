#pragma once
// The flags several perfgate commands share (issue 42: one flag, one name):
// each one's name and help are written once, here, and every command
// declares it through add_shared_option, adding only what it does with it.
// A name that changed keeps its old spelling for one release as a hidden
// alias (add_old_spelling) that says the new name when used.

#include <iostream>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "perfgate/model/shared_flags.hpp"

namespace perfgate::cli {

// A flag of several commands: its one name and the help all of them share.
struct CliFlag {
  const char* name;
  const char* help;
};

// The suite binary's shared flags (model/shared_flags.hpp) by their CLI name.
constexpr CliFlag cli_flag(const SharedFlag& flag) { return {flag.cli, flag.help}; }

// Where the history is, on every command that reads or writes one (was
// --db on the history commands, --from-history on baseline update).
inline constexpr CliFlag kHistoryUrlFlag{kHistoryFlag.cli, "URL: the run history (an SQLite file or a postgresql:// URL)"};
// One folder, three uses: baselines written (baseline update, promote),
// gpu_timing's baseline read for the launch floor (compare, ab, suggest),
// the device's measured ceilings kept (device).
inline constexpr CliFlag kBaselineDirFlag{
    "--baseline-dir", "DIR: the baselines folder (<device-slug>/<suite>.json, <device-slug>/device.json)"};
inline constexpr CliFlag kBuildDirFlag{"--build-dir", "DIR: the build tree (its perfgate-suites.json lists the suites)"};
inline constexpr CliFlag kTestbedFlag{"--testbed", "NAME: the testbed, the machine a history keeps runs under"};
inline constexpr CliFlag kSinceFlag{"--since", "only runs since this date (YYYY-MM-DD)"};
inline constexpr CliFlag kBenchmarkFlag{"--benchmark", "only benchmarks matching this regex"};
inline constexpr CliFlag kMaxPFlag{"--max-p", "the change-point test's significance level"};
inline constexpr CliFlag kAppendFlag{"--append", "pool with the old baseline's rounds (same device) instead of replacing them"};
inline constexpr CliFlag kKeepRoundsFlag{"--keep-rounds", "with --append: the most recent rounds kept"};
inline constexpr CliFlag kForceFlag{"--force", "write even when CI is set, or over an unreadable baseline"};
inline constexpr CliFlag kDryRunFlag{"--dry-run", "write nothing"};

// The help of `flag` on one command: the shared text, then what this
// command does with it (when `purpose` is not empty).
std::string shared_help(const CliFlag& flag, std::string_view purpose);

// "perfgate: note: --db is now --history; the old spelling goes in the next release"
std::string old_spelling_note(std::string_view old_name, std::string_view new_name);

template <class T>
CLI::Option* add_shared_option(CLI::App& command, const CliFlag& flag, T& target, std::string_view purpose = {}) {
  return command.add_option(flag.name, target, shared_help(flag, purpose));
}

inline CLI::Option* add_shared_flag(CLI::App& command, const CliFlag& flag, bool& target, std::string_view purpose = {}) {
  return command.add_flag(flag.name, target, shared_help(flag, purpose));
}

// `old_name` as a hidden alias of `flag` (declared on `command` before it):
// the same target, and the note on stderr each time it is used.  (No
// `excludes` with the new name: CLI11 would print the hidden one in its help.)
template <class T>
CLI::Option* add_old_spelling(CLI::App& command, const char* old_name, const CliFlag& flag, T& target) {
  return command.add_option(old_name, target, std::string("the old spelling of ") + flag.name)
      ->group("")
      ->each([note = old_spelling_note(old_name, flag.name)](const std::string&) { std::cerr << note << '\n'; });
}

}  // namespace perfgate::cli
