#pragma once
// The protocol between the suite binary's gate process and its workers, in
// one place: the environment variables that start a worker and the one
// decision, made once in run_main, of which role this process plays.
//
// The gate's process starts this binary again as a worker with
// PERFGATE_WORKER_JOURNAL naming the worker's journal (case_worker.hpp);
// the traced pass's worker has PERFGATE_TRACE_PASS naming the trace folder
// as well (trace_pass.hpp).  Every worker gets PERFGATE_PARENT_PID: a
// worker that ties itself to its parent (PR_SET_PDEATHSIG) checks the
// parent did not die first.

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/platform/child_process.hpp"

namespace perfgate {

// The worker's journal, a results file it rewrites after every case.
inline constexpr const char* kWorkerJournalVariable = "PERFGATE_WORKER_JOURNAL";
// Set (besides the journal) for the worker that runs the traced pass: the trace folder.
inline constexpr const char* kTracePassVariable = "PERFGATE_TRACE_PASS";
// Set (besides the journal) for the worker that runs the counted pass under callgrind.
inline constexpr const char* kCountPassVariable = "PERFGATE_COUNT_PASS";
// The parent's pid, in every worker's environment.
inline constexpr const char* kParentPidVariable = "PERFGATE_PARENT_PID";
// A worker whose parent died before it tied itself to it exits with this.
inline constexpr int kParentGoneExitCode = 2;

enum class Role {
  gate,          // the process the user started: measures through workers, compares, reports
  worker,        // measures the selected cases into its journal
  trace_worker,  // the untimed traced pass under CUPTI, into its journal
  count_worker,  // the counted pass under callgrind (count_pass.hpp), into its journal
};

// From the environment: no journal, the gate; a journal, a worker; a
// journal and a trace folder, the traced pass's worker; a journal and
// PERFGATE_COUNT_PASS, the counted pass's.
Role process_role();

// The journal and the trace folder of a worker (empty in the gate).
std::string worker_journal();
std::string trace_pass_folder();

// A worker still running this long after a SIGINT, SIGTERM or SIGHUP was
// passed on to it (a case that ignores or blocks the signal) is killed with
// its process group: the gate's process then removes its scratch folder and
// ends as interrupted, before a CI runner's SIGKILL would leave the folder.
inline constexpr double kWorkerGraceSeconds = 3.0;

// Runs this binary (argv[0] its path) as a child with `environment` and
// PERFGATE_PARENT_PID added, stdin closed and stdout to `stdout_file` when
// given (else inherited), in a process group of its own; waits for it, and
// kills the group (SIGKILL) past `deadline_seconds` (0: no deadline; the
// exit then says past_deadline) or kWorkerGraceSeconds after a passed-on
// signal.  Throws OutputError when it cannot be started, and Interrupted
// (perfgate/model/interruption.hpp) when SIGINT, SIGTERM or SIGHUP came
// meanwhile: the signal was passed on to the child and it has ended.
ChildExit run_worker_process(const std::vector<std::string>& argv, const std::map<std::string, std::string>& environment,
                             const std::filesystem::path& stdout_file = {}, double deadline_seconds = 0.0);

}  // namespace perfgate
