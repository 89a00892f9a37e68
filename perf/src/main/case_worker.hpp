#pragma once
// Measuring in a worker process, so that a case that crashes the suite
// binary (a segfault, an abort, a failed assert) loses only itself.
//
// The gate's process starts this binary again as a worker
// (worker_protocol.hpp: PERFGATE_WORKER_JOURNAL names its journal).  The
// worker runs the cases and rewrites the journal, a results file,
// atomically after every case that finishes.  If the worker dies, the gate keeps the finished cases, runs
// every unfinished one again alone, and records a case that crashes again
// as an ERROR naming the signal; then it compares and reports as usual.

#include <string>
#include <vector>

#include "perfgate/model/interruption.hpp"
#include "perfgate/model/results.hpp"
#include "worker_protocol.hpp"

namespace perfgate {

// The worker stopped on bad input and has said why (one line): the gate's
// process exits with the worker's code and adds nothing.
struct WorkerFailed {
  int exit_code;
};

// SIGINT, SIGTERM or SIGHUP stopped the measuring (the worker has ended and
// its scratch folder is gone): the cases that had finished, for the gate's
// process to write before it dies of the signal.
struct InterruptedRun : Interrupted {
  std::vector<BenchmarkResult> finished;
};

// The worker, for measuring (Role::worker) and for the traced pass
// (Role::trace_worker, trace_pass.hpp): measure the selected cases into
// the journal; 0, or the error exit code for bad flags.
int run_worker(std::vector<std::string> args, Role role);

// The gate's side: the cases' results, whatever happened to the worker.
std::vector<BenchmarkResult> run_cases_in_worker(const std::vector<std::string>& args);

}  // namespace perfgate
