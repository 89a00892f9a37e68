#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace perfgate::cli {

// Runs `program` with `args`, sharing this process's stdout and stderr, and
// returns its exit code (128 + signal when a signal ended it).  The program
// dies with perfgate (PR_SET_PDEATHSIG).  Throws InputError when it cannot
// be started, and Interrupted (perfgate/model/interruption.hpp) when SIGINT,
// SIGTERM or SIGHUP came meanwhile: the signal was passed on to the program
// and it has ended.  A thin wrapper over perfgate/model/child_process.hpp,
// which the suite binary's workers use too; only the messages are its own.
int run_program(const std::filesystem::path& program, const std::vector<std::string>& args);

}  // namespace perfgate::cli
