#pragma once
// Measuring in a worker process, so that a case that crashes the suite
// binary (a segfault, an abort, a failed assert) or ends it (exit(0) from a
// library's error handler, exit(1), exit(77)) loses only itself.
//
// The gate's process lists the selected cases, then starts this binary
// again as a worker (worker_protocol.hpp: PERFGATE_WORKER_JOURNAL names its
// journal).  The worker runs the cases and rewrites the journal, a results
// file, atomically after every case that finishes.  However the worker
// ends, every listed case is accounted for: the gate keeps the finished
// cases, runs every unfinished one again alone, once, and records a case
// that leaves no result again as an ERROR naming what ended its process
// (the signal, or the exit code: 0 too); then it compares and reports as
// usual, and the ERROR makes the run's exit code 2.

#include <string>
#include <vector>

#include "perfgate/platform/interruption.hpp"
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

// The `planned` cases (in their order) that have no result in `finished`.
std::vector<std::string> unfinished_cases(const std::vector<std::string>& planned,
                                          const std::vector<BenchmarkResult>& finished);

// What the gate's side of a worker run gave.
struct WorkerCases {
  // A result (or an ERROR) for every listed case; only those that had
  // finished when the worker was killed at its deadline.
  std::vector<BenchmarkResult> cases;
  // The worker (or a case's run alone) ran past the deadline and was killed
  // with its process group.
  bool killed_at_deadline = false;
};

// The gate's side: the cases' results, whatever happened to the worker;
// each worker killed with its process group past `deadline_seconds` (0:
// none).  OutputError when the worker ended with an exit code other than 0
// after every case had finished (no case to name).
WorkerCases run_cases_in_worker(const std::vector<std::string>& args, double deadline_seconds = 0.0);

}  // namespace perfgate
