#pragma once
// Running this suite binary again as a child: the worker that measures (so
// a crash in a case cannot take the parent's results and reports with it).

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace perfgate {

// The parent's pid, in the child's environment: a worker that ties itself
// to its parent (PR_SET_PDEATHSIG) checks the parent did not die first.
inline constexpr const char* kParentPidVariable = "PERFGATE_PARENT_PID";

struct ChildExit {
  bool signaled = false;  // killed by a signal (a crash: SIGSEGV, SIGABRT, ...)
  int code = 0;           // the exit code, or the signal number
  std::string describe() const;  // "exit code 2", "signal 6 (Aborted)"
};

// Runs `argv` (argv[0] a path) with `environment` added, stdin closed and
// stdout to `stdout_file` when given (else inherited); waits for it.
// Throws OutputError when it cannot be started, and Interrupted
// (perfgate/model/interruption.hpp) when SIGINT, SIGTERM or SIGHUP came
// meanwhile: the signal was passed on to the child and it has ended.
ChildExit run_child(const std::vector<std::string>& argv, const std::map<std::string, std::string>& environment,
                    const std::filesystem::path& stdout_file = {});

// This process's own executable (/proc/self/exe): argv[0] may be relative
// to a directory the process has left, or found through PATH.
std::filesystem::path own_executable(const std::string& argv0);

}  // namespace perfgate
