#pragma once
// SIGINT, SIGTERM and SIGHUP end a run in order instead of mid-step.
//
// While perfgate waits for a child (a suite binary, a measuring worker) a
// signal is passed on to the child and remembered; once the child has
// ended, the wait throws Interrupted.  The exception unwinds: scratch
// folders are removed by their destructors, the gate process writes the
// cases that had finished, and the program then dies of the same signal
// (run_reporting_errors), so a shell or CI runner sees what happened.
// A file write holds the signals back until the file is whole, so an
// interruption never leaves a temporary file behind.

#include <signal.h>
#include <sys/types.h>

#include <string>

namespace perfgate {

// Not a std::exception: nothing may catch it as an ordinary error.
struct Interrupted {
  int signal = 0;
};

// Installs the handlers for its lifetime (a signal ignored when it is made,
// as in a background job, stays ignored) and restores the old ones.  One
// at a time: a process waits for one child at a time.
class ChildSignals {
 public:
  ChildSignals();
  ~ChildSignals();
  ChildSignals(const ChildSignals&) = delete;
  ChildSignals& operator=(const ChildSignals&) = delete;

  // Signals from now on go to `child` too; one that came before is sent now.
  void forward_to(pid_t child);
  // The signal received while this was alive, 0 if none.
  int received() const;
};

// Blocks SIGINT, SIGTERM and SIGHUP for its lifetime; one that came
// meanwhile takes effect when it ends.
class SignalsDeferred {
 public:
  SignalsDeferred();
  ~SignalsDeferred();
  SignalsDeferred(const SignalsDeferred&) = delete;
  SignalsDeferred& operator=(const SignalsDeferred&) = delete;

 private:
  sigset_t old_mask_;
};

// Ends this process by `signal` at its default disposition (exit status
// 128 + signal where it does not end the process).
[[noreturn]] void die_of_signal(int signal);

// "signal 15 (Terminated)".
std::string describe_signal(int signal);

}  // namespace perfgate
