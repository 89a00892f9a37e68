#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "perfgate/platform/child_process.hpp"

namespace perfgate::cli {

// Runs `program` with `args`, sharing this process's stdout and stderr, and
// returns its exit code (128 + signal when a signal ended it).  The program
// dies with perfgate (PR_SET_PDEATHSIG).  Throws InputError when it cannot
// be started, and Interrupted (perfgate/model/interruption.hpp) when SIGINT,
// SIGTERM or SIGHUP came meanwhile: the signal was passed on to the program
// and it has ended.  A thin wrapper over perfgate/model/child_process.hpp,
// which the suite binary's workers use too; only the messages are its own.
// `environment` is added to this process's for the program.
int run_program(const std::filesystem::path& program, const std::vector<std::string>& args,
                const std::map<std::string, std::string>& environment = {});

// The same, with the program's stdout read here: `on_line` gets each line
// (without its newline) as it comes, on another thread than the caller's
// but never two at once; stderr stays shared.  `environment` is added to
// this process's for the program.
int run_program_lines(const std::filesystem::path& program, const std::vector<std::string>& args,
                      const std::map<std::string, std::string>& environment,
                      const std::function<void(const std::string&)>& on_line);

// A program whose output is kept rather than shown: stdout and stderr
// together, in order.
struct CapturedRun {
  int exit_code = 0;   // 128 + signal when a signal ended it
  std::string output;  // stdout and stderr as they came
  // The last `lines` lines of the output, for a one-screen account of a failure.
  std::string tail(std::size_t lines = 20) const;
};
// Runs `program` as run_program does, stdin from /dev/null, its stdout and
// stderr read here: appended to `log` as they come when given (a build's
// log, kept in full), and kept in CapturedRun::output up to its last 64 KiB.
CapturedRun run_program_captured(const std::filesystem::path& program, const std::vector<std::string>& args,
                                 const std::map<std::string, std::string>& environment = {},
                                 const std::filesystem::path& log = {});

// For a suite binary measuring a round into a temporary file (baseline
// update, ab, run --against): it must not name the file as one to promote,
// and it counts its cases' work (--perfgate_instructions=auto) only when
// `count` says so: a round counted once is enough (counting again gives the
// same counts), and a PERFGATE_INSTRUCTIONS left in the job's environment
// must not make every round count.  Through the environment, which a suite
// built by an older perfgate ignores, where a flag it does not know would
// stop it.
inline std::map<std::string, std::string> temporary_round_environment(bool count) {
  return {{"PERFGATE_PROMOTE_HINT", "false"}, {"PERFGATE_INSTRUCTIONS", count ? "auto" : "false"}};
}

// One PATH lookup for the suite binaries and the front end alike.
using perfgate::find_in_path;

// InputError naming `flag` where valgrind is not on PATH: the counted pass
// needs it (--instructions).
void require_valgrind(const std::string& flag);

}  // namespace perfgate::cli
