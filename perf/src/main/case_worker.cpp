#include "case_worker.hpp"

#include <sys/prctl.h>
#include <unistd.h>

#include <csignal>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>

#include "case_progress.hpp"
#include "case_runner.hpp"
#include "count_pass.hpp"
#include "trace_pass.hpp"
#include "main/main_options.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/platform/scratch_folder.hpp"
#include "perfgate/runtime/suite_info.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> worker_argv(const std::vector<std::string>& args) {
  std::vector<std::string> argv = args;
  argv.front() = own_executable(args.front()).string();
  return argv;
}

std::vector<BenchmarkResult> journaled(const fs::path& journal) {
  std::error_code missing;
  if (!fs::exists(journal, missing)) return {};
  return load_results(journal).benchmarks;
}

// The cases Google Benchmark selects with these flags, in its order.  A
// listing that exits 2 has said why (bad flags, perfgate's one line): the
// gate's process ends with it (WorkerFailed).  Any other code is something
// else ending the process before the cases were listed (a static
// initializer's or a library's exit(77), which ctest would read as
// "skipped", or exit(1), read as a regression): a harness error naming it.
std::vector<std::string> planned_cases(const std::vector<std::string>& args, const fs::path& folder) {
  std::vector<std::string> argv = worker_argv(args);
  argv.push_back("--benchmark_list_tests=true");
  const fs::path listing = folder / "cases.txt";
  const ChildExit exit = run_worker_process(argv, {}, listing);
  if (!exit.signaled && exit.code == kExitError) throw WorkerFailed{exit.code};
  if (!exit.signaled && exit.code != 0)
    throw OutputError(argv.front() + ": listing the cases ended with exit code " + std::to_string(exit.code) +
                      " before they were listed (something in the program ended its process: a static "
                      "initializer, a library's exit()); nothing was measured");
  if (exit.signaled) throw OutputError(argv.front() + ": listing the cases failed: " + exit.describe());
  std::vector<std::string> names;
  std::istringstream lines(read_file(listing));
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) names.push_back(canonical_benchmark_name(line));
  return names;
}

// A case with no result after it ran alone in a worker of its own: what
// ended that process, in words that say it was the case.
BenchmarkResult ended_without_result(const std::string& name, const ChildExit& exit) {
  BenchmarkResult r;
  r.name = name;
  r.error = exit.signaled ? "the suite binary crashed while this case ran (" + exit.describe() +
                                "); run again alone, it crashed again"
                          : "the case ended the process with " + exit.describe() +
                                " before its result was written; run again alone, it did again";
  return r;
}

// One unfinished case alone in a fresh worker; nothing when that worker
// ran past the deadline.  A result the case wrote stands, whatever the
// process did after it; a crash is the case's even so.
std::optional<BenchmarkResult> rerun_alone(const std::vector<std::string>& args, const std::string& name,
                                           const fs::path& folder, int index, double deadline_seconds) {
  std::vector<std::string> argv = worker_argv(args);
  argv.push_back("--benchmark_filter=" + benchmark_filter_for({name}));
  argv.push_back("--benchmark_out=");  // the user's --benchmark_out file stays the full run's
  const fs::path journal = folder / ("case" + std::to_string(index) + ".json");
  const ChildExit exit = run_worker_process(argv, {{kWorkerJournalVariable, journal.string()}}, {}, deadline_seconds);
  if (exit.past_deadline) return std::nullopt;
  if (exit.signaled) return ended_without_result(name, exit);
  for (BenchmarkResult& r : journaled(journal))
    if (r.name == name) return r;
  return ended_without_result(name, exit);
}

// "died (signal 6 (Aborted))", "ended with exit code 0".
std::string how_it_ended(const ChildExit& exit) {
  return exit.signaled ? "died (" + exit.describe() + ")" : "ended with " + exit.describe();
}

// Every planned case accounted for: each unfinished one run again alone,
// once; one that still leaves no result is an ERROR naming what ended its
// process.  A worker run past the deadline leaves the rest out.
WorkerCases account_for_unfinished(const std::vector<std::string>& args, const ChildExit& exit,
                                   const std::vector<std::string>& planned, const fs::path& folder,
                                   std::vector<BenchmarkResult> finished, CaseProgress& progress,
                                   double deadline_seconds) {
  const std::vector<std::string> unfinished = unfinished_cases(planned, finished);
  std::cerr << "perfgate: the measuring process " << how_it_ended(exit) << " with " << finished.size() << " of "
            << planned.size() << " case(s) finished; running the " << unfinished.size()
            << " unfinished case(s) again, one at a time\n";
  try {
    for (std::size_t i = 0; i < unfinished.size(); ++i) {
      std::optional<BenchmarkResult> result = rerun_alone(args, unfinished[i], folder, static_cast<int>(i), deadline_seconds);
      if (!result) return {std::move(finished), true};
      const std::optional<std::string> error = result->error;
      finished.push_back(std::move(*result));
      progress.update(finished);
      if (error) std::cerr << "perfgate: error: case " << printable_text(unfinished[i]) << ": " << *error << '\n';
    }
    return {std::move(finished), false};
  } catch (const Interrupted& stop) {
    throw InterruptedRun{{stop.signal}, std::move(finished)};
  }
}

}  // namespace

std::vector<std::string> unfinished_cases(const std::vector<std::string>& planned,
                                          const std::vector<BenchmarkResult>& finished) {
  std::set<std::string> done;
  for (const BenchmarkResult& r : finished) done.insert(r.name);
  std::vector<std::string> unfinished;
  for (const std::string& name : planned)
    if (!done.count(name)) unfinished.push_back(name);
  return unfinished;
}

int run_worker(std::vector<std::string> args, Role role) {
  // Die with the gate's process (a CI timeout kills it, not its children):
  // an orphan would go on loading the GPU.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  // A parent that died before prctl sends nothing: check it is still there.
  if (const char* parent = std::getenv(kParentPidVariable); parent && std::atol(parent) != ::getppid())
    return kParentGoneExitCode;
  const bool traced = role == Role::trace_worker;
  // Before any CUDA call: CUPTI is claimed before the context exists.
  if (traced && !claim_tracing()) return 0;
  if (role == Role::count_worker && this_suite.gpu && !claim_kernel_counting()) return 0;
  const MainOptions options = parse_main_options(args);
  RunHooks hooks = traced ? traced_pass_hooks(trace_pass_folder())
                   : role == Role::count_worker ? counted_pass_hooks()
                                                : RunHooks{};
  run_cases_here(args, options, worker_journal(), std::move(hooks));
  return 0;
}

WorkerCases run_cases_in_worker(const std::vector<std::string>& args, double deadline_seconds) {
  ScratchFolder folder("perfgate-worker");
  const fs::path journal = folder.path() / "run.json";
  // Listed first, for the progress lines' count and to account for every
  // case after the worker ends; the listing runs these flags as the worker
  // would, so bad ones end here, said once by it.
  const std::vector<std::string> planned = [&] {
    try {
      return planned_cases(args, folder.path());
    } catch (const Interrupted& stop) {
      throw InterruptedRun{{stop.signal}, {}};  // nothing measured yet
    }
  }();
  CaseProgress progress(planned.size(), std::cerr);
  ChildExit exit;
  try {
    const JournalWatch watch(journal, progress);
    exit = run_worker_process(worker_argv(args), {{kWorkerJournalVariable, journal.string()}}, {}, deadline_seconds);
  } catch (const Interrupted& stop) {
    // The journal is the only copy of the finished cases, and it is in a
    // folder about to be removed.
    throw InterruptedRun{{stop.signal}, journaled(journal)};
  }
  std::vector<BenchmarkResult> finished = journaled(journal);
  if (exit.past_deadline) return {std::move(finished), true};
  const bool clean = !exit.signaled && exit.code == 0;
  if (unfinished_cases(planned, finished).empty()) {
    // Every case wrote its result; what failed came after the last one
    // (an exit handler), so no case can be named, and no result trusted
    // less than another.
    if (!exit.signaled && !clean)
      throw OutputError(args.front() + ": the measuring process ended with " + exit.describe() +
                        " after every case had finished (an exit handler of the suite binary?)");
    if (exit.signaled)
      std::cerr << "perfgate: warning: the measuring process " << how_it_ended(exit)
                << " after every case had finished; their results are kept\n";
    return {std::move(finished), false};
  }
  // A case that ended the process (exit(0) from a library, exit(1), a
  // crash) left the rest unfinished: none of them is lost in silence.
  return account_for_unfinished(args, exit, planned, folder.path(), std::move(finished), progress, deadline_seconds);
}

}  // namespace perfgate
