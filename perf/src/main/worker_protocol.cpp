#include "worker_protocol.hpp"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace {

std::string variable(const char* name) {
  const char* value = std::getenv(name);
  return value ? std::string(value) : std::string();
}

}  // namespace

Role process_role() {
  if (worker_journal().empty()) return Role::gate;
  if (!variable(kCountPassVariable).empty()) return Role::count_worker;
  return trace_pass_folder().empty() ? Role::worker : Role::trace_worker;
}

std::string worker_journal() { return variable(kWorkerJournalVariable); }

std::string trace_pass_folder() { return variable(kTracePassVariable); }

ChildExit run_worker_process(const std::vector<std::string>& argv, const std::map<std::string, std::string>& environment,
                             const std::filesystem::path& stdout_file, double deadline_seconds) {
  ChildSetup setup;
  setup.environment = environment;
  setup.environment[kParentPidVariable] = std::to_string(::getpid());
  setup.stdout_file = stdout_file;
  setup.stdin_closed = true;
  // The worker ties itself to this process (case_worker.cpp).
  setup.die_with_parent = false;
  // A hung case is killed with whatever it started (the deadline, the grace).
  setup.own_process_group = true;
  setup.deadline_seconds = deadline_seconds;
  setup.grace_after_signal_seconds = kWorkerGraceSeconds;
  try {
    return run_child(argv, setup);
  } catch (const ChildFailure& failure) {
    throw OutputError(argv.front() + (failure.started ? ": lost the measuring process: " : ": cannot start the measuring process: ") +
                      std::strerror(failure.error));
  }
}

}  // namespace perfgate
