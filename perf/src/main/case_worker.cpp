#include "case_worker.hpp"

#include <sys/prctl.h>
#include <unistd.h>

#include <csignal>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <set>
#include <sstream>

#include "case_progress.hpp"
#include "case_runner.hpp"
#include "trace_pass.hpp"
#include "main/main_options.hpp"
#include "perfgate/model/atomic_file.hpp"
#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/model/errors.hpp"
#include "perfgate/model/results_io.hpp"
#include "perfgate/model/scratch_folder.hpp"

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
// listing that exits with an error code has said why (bad flags): the
// gate's process ends with that code (WorkerFailed).
std::vector<std::string> planned_cases(const std::vector<std::string>& args, const fs::path& folder) {
  std::vector<std::string> argv = worker_argv(args);
  argv.push_back("--benchmark_list_tests=true");
  const fs::path listing = folder / "cases.txt";
  const ChildExit exit = run_worker_process(argv, {}, listing);
  if (!exit.signaled && exit.code != 0) throw WorkerFailed{exit.code};
  if (exit.signaled) throw OutputError(argv.front() + ": listing the cases failed: " + exit.describe());
  std::vector<std::string> names;
  std::istringstream lines(read_file(listing));
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) names.push_back(canonical_benchmark_name(line));
  return names;
}

BenchmarkResult crashed(const std::string& name, const ChildExit& exit) {
  BenchmarkResult r;
  r.name = name;
  r.error = "the suite binary crashed while this case ran (" + exit.describe() +
            "); run again alone, it crashed again";
  return r;
}

// One unfinished case alone in a fresh worker.
BenchmarkResult rerun_alone(const std::vector<std::string>& args, const std::string& name, const fs::path& folder,
                            int index) {
  std::vector<std::string> argv = worker_argv(args);
  argv.push_back("--benchmark_filter=" + benchmark_filter_for({name}));
  argv.push_back("--benchmark_out=");  // the user's --benchmark_out file stays the full run's
  const fs::path journal = folder / ("case" + std::to_string(index) + ".json");
  const ChildExit exit = run_worker_process(argv, {{kWorkerJournalVariable, journal.string()}});
  if (exit.signaled) return crashed(name, exit);
  for (BenchmarkResult& r : journaled(journal))
    if (r.name == name) return r;
  BenchmarkResult lost;
  lost.name = name;
  lost.error = "run again alone after a crash, the case reported nothing (" + exit.describe() + ")";
  return lost;
}

// Adds the unfinished of the `planned` cases to `finished`, each run again alone.
void rerun_unfinished(const std::vector<std::string>& args, const ChildExit& exit,
                      const std::vector<std::string>& planned, const fs::path& folder,
                      std::vector<BenchmarkResult>& finished, CaseProgress& progress) {
  std::set<std::string> done;
  for (const BenchmarkResult& r : finished) done.insert(r.name);
  std::vector<std::string> unfinished;
  for (const std::string& name : planned)
    if (!done.count(name)) unfinished.push_back(name);
  std::cerr << "perfgate: the measuring process died (" << exit.describe() << ") with " << finished.size()
            << " case(s) finished; running the " << unfinished.size() << " unfinished case(s) again, one at a time\n";
  for (std::size_t i = 0; i < unfinished.size(); ++i) {
    finished.push_back(rerun_alone(args, unfinished[i], folder, static_cast<int>(i)));
    progress.update(finished);
  }
}

std::vector<BenchmarkResult> recover(const std::vector<std::string>& args, const ChildExit& exit,
                                     const std::vector<std::string>& planned, const fs::path& folder,
                                     std::vector<BenchmarkResult> finished, CaseProgress& progress) {
  try {
    rerun_unfinished(args, exit, planned, folder, finished, progress);
    return finished;
  } catch (const Interrupted& stop) {
    throw InterruptedRun{{stop.signal}, std::move(finished)};
  }
}

}  // namespace

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
  const MainOptions options = parse_main_options(args);
  run_cases_here(args, options, worker_journal(), traced ? traced_pass_hooks(trace_pass_folder()) : RunHooks{});
  return 0;
}

std::vector<BenchmarkResult> run_cases_in_worker(const std::vector<std::string>& args) {
  ScratchFolder folder("perfgate-worker");
  const fs::path journal = folder.path() / "run.json";
  // Listed first, for the progress lines' count; the listing runs these
  // flags as the worker would, so bad ones end here, said once by it.
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
    exit = run_worker_process(worker_argv(args), {{kWorkerJournalVariable, journal.string()}});
  } catch (const Interrupted& stop) {
    // The journal is the only copy of the finished cases, and it is in a
    // folder about to be removed.
    throw InterruptedRun{{stop.signal}, journaled(journal)};
  }
  if (!exit.signaled && exit.code == 0) return journaled(journal);
  if (!exit.signaled) throw WorkerFailed{exit.code};  // the worker said why
  return recover(args, exit, planned, folder.path(), journaled(journal), progress);
}

}  // namespace perfgate
