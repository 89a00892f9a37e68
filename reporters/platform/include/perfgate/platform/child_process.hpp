#pragma once
// Starting a child program and waiting for it: the one place perfgate does
// it, for the suite binary's workers (perf/src/main) and for the suite
// binaries the perfgate program runs (tools/src).
//
// The child is started with fork and exec, not posix_spawn: posix_spawn
// cannot ask for a parent-death signal.  SIGINT, SIGTERM and SIGHUP that
// come while the child runs are passed on to it (ChildSignals,
// interruption.hpp); once it has ended, run_child throws Interrupted.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace perfgate {

struct ChildExit {
  bool signaled = false;  // killed by a signal (a crash: SIGSEGV, SIGABRT, ...)
  int code = 0;           // the exit code, or the signal number
  bool past_deadline = false;  // run_child killed it at ChildSetup::deadline_seconds (signaled, SIGKILL)
  std::string describe() const;  // "exit code 2", "signal 6 (Aborted)"
};

struct ChildSetup {
  std::map<std::string, std::string> environment;  // added to (or replacing) this process's
  std::filesystem::path stdout_file;               // stdout to this file when given, else inherited
  bool stderr_to_stdout = false;                   // stderr where stdout goes (a log of both), else inherited
  bool stdin_closed = false;                       // stdin from /dev/null, else inherited
  // The child dies with this process (PR_SET_PDEATHSIG, SIGKILL, set between
  // fork and exec; a parent that died before that leaves it exiting 127),
  // and SIGXFSZ and the signal mask are back at their defaults in it.
  bool die_with_parent = false;
  // In a process group of its own (its pid), so that a kill below reaches
  // whatever it started too; SIGTTOU is ignored in it, so that a write to
  // the terminal from outside the foreground group never stops it.
  bool own_process_group = false;
  // Killed with SIGKILL (its process group, when it has one) once it has
  // run this long; 0: no deadline.
  double deadline_seconds = 0.0;
  // Killed the same way when it has not ended this long after a SIGINT,
  // SIGTERM or SIGHUP was passed on to it (a child that ignores or blocks
  // the signal would otherwise keep this process, and its scratch folders,
  // until a SIGKILL from outside); 0: waited for however long.
  double grace_after_signal_seconds = 0.0;
};

// Why run_child gave up; the caller says it in its own words.
struct ChildFailure {
  bool started = false;  // false: it could not be started; true: waiting for it failed
  int error = 0;         // errno
};

// Runs `argv` (argv[0] the program's path) and waits for it (until its
// deadline or the grace after a signal, when the setup gives them).  Throws
// ChildFailure, and Interrupted (perfgate/model/interruption.hpp) when
// SIGINT, SIGTERM or SIGHUP came meanwhile: the signal was passed on to the
// child and it has ended.
ChildExit run_child(const std::vector<std::string>& argv, const ChildSetup& setup);

// This process's own executable (/proc/self/exe): argv[0] may be relative
// to a directory the process has left, or found through PATH.
std::filesystem::path own_executable(const std::string& argv0);

// `name` as the shell finds it: itself when it holds a '/', else the first
// executable file of that name in PATH (/usr/bin:/bin when PATH is unset);
// empty when there is none.
std::filesystem::path find_in_path(const std::string& name);

}  // namespace perfgate
