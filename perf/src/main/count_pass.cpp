#include "main/count_pass.hpp"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <vector>

#include <benchmark/benchmark.h>
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define PERFGATE_HAS_CALLGRIND 1
#else
#define PERFGATE_HAS_CALLGRIND 0
#endif

#include "count/counted_kernels.hpp"
#include "main/callgrind_dumps.hpp"
#include "main/trace_pass.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/platform/child_process.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/scratch_folder.hpp"
#include "perfgate/runtime/suite_info.hpp"
#include "worker_protocol.hpp"
#if PERFGATE_HAS_CUDA
#include "count/kernel_count_session.hpp"
#include "perfgate/cuda/availability.hpp"
#endif

namespace perfgate {
namespace {

namespace fs = std::filesystem;

constexpr const char* kFlag = "--perfgate_instructions";

// Empty when valgrind is not on PATH.
fs::path valgrind_on_path() { return find_in_path("valgrind"); }

// Callgrind zeroes the counts as each repetition's timed loop starts and
// dumps them as it ends; the caches and branches are simulated.  One
// iteration a repetition (min_time 0), no interleaving: the worker's
// markers then follow each case's loops.
std::vector<std::string> count_argv(const fs::path& valgrind, const fs::path& folder, const std::vector<std::string>& args,
                                    const std::vector<std::string>& names) {
  std::vector<std::string> argv = {valgrind.string(),
                                   "--tool=callgrind",
                                   "--callgrind-out-file=" + (folder / "callgrind.out").string(),
                                   // Its warnings (the LL cache it simulates) would fill every gate log;
                                   // they are shown when the pass fails.
                                   "--log-file=" + (folder / "valgrind.log").string(),
                                   "--zero-before=*StartKeepRunning*",
                                   "--dump-before=*FinishKeepRunning*",
                                   "--cache-sim=yes",
                                   "--branch-sim=yes",
                                   "--quiet"};
  argv.push_back(own_executable(args.front()).string());
  argv.insert(argv.end(), args.begin() + 1, args.end());
  argv.push_back("--benchmark_filter=" + benchmark_filter_for(names));
  argv.push_back("--benchmark_repetitions=" + std::to_string(kCountedRepetitions + 1));
  argv.push_back("--benchmark_enable_random_interleaving=false");
  argv.push_back("--benchmark_min_time=0");
  // Every repetition reaches the marker reporter (a gate run shows aggregates only).
  argv.push_back("--benchmark_display_aggregates_only=false");
  argv.push_back("--benchmark_out=");
  return argv;
}

// The last lines valgrind wrote, where the pass failed: why it stopped.
void print_log_tail(const fs::path& log) {
  constexpr std::size_t kLines = 15;
  std::ifstream in(log);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    lines.push_back(std::move(line));
    if (lines.size() > kLines) lines.erase(lines.begin());
  }
  for (const std::string& line : lines) std::cerr << "  valgrind: " << line << '\n';
}

std::vector<CallgrindDump> read_dumps(const fs::path& folder) {
  std::vector<CallgrindDump> dumps;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.path().filename().string().rfind("callgrind.out", 0) != 0) continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    if (auto dump = read_callgrind_dump(text.str())) dumps.push_back(std::move(*dump));
  }
  return dumps;
}

// The worker shows nothing (its times are a simulation's) and names each
// case's loops with a marker dump once its repetitions are over.
class CaseMarkReporter : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    std::vector<std::int64_t> iterations;  // of each reported repetition, in order
    for (const Run& run : runs)
      if (run.run_type == Run::RT_Iteration && !run.error_occurred) iterations.push_back(run.iterations);
    if (iterations.empty()) return;
#if PERFGATE_HAS_CALLGRIND
    const std::string marker = case_marker(canonical_benchmark_name(runs.front().run_name.str()), iterations);
    CALLGRIND_DUMP_STATS_AT(marker.c_str());
#endif
  }
};

std::size_t attach_counts(const std::map<std::string, std::vector<CallgrindDump>>& loops,
                          std::vector<BenchmarkResult>& measured) {
  std::size_t counted = 0;
  for (BenchmarkResult& b : measured) {
    const auto found = loops.find(b.name);
    if (found == loops.end()) continue;
    const std::map<std::string, double> counters = counted_counters(found->second);
    if (counters.empty()) continue;
    for (const auto& [name, value] : counters) b.counters[name] = value;
    ++counted;
  }
  return counted;
}

// A GPU suite's kernels are counted by CUPTI on a device.
std::optional<std::string> kernel_counting_impossible() {
#if PERFGATE_HAS_CUDA
  if (!cuda::availability().usable)
    return cuda::availability().reason + " (this suite's kernels are counted through CUPTI on a GPU)";
  return std::nullopt;
#else
  return std::string("this suite's cases run on a GPU, and this perfgate was built without CUDA, whose CUPTI counts "
                     "the kernels");
#endif
}

// The GPU counted pass: the measured cases once more in a worker whose
// GpuTimer counts their kernels (count/kernel_count_session.hpp) instead of
// timing them; the counts come back in its journal.
void count_kernels(const std::vector<std::string>& args, std::vector<BenchmarkResult>& measured) {
  const std::vector<std::string> names = measured_names(measured);
  if (names.empty()) return;
  const auto started = std::chrono::steady_clock::now();
  ScratchFolder folder("perfgate-count");
  const fs::path journal = folder.path() / "counted.json";
  const ChildExit exit = run_worker_process(untimed_pass_argv(args, names),
                                            {{kWorkerJournalVariable, journal.string()}, {kCountPassVariable, "1"}});
  std::error_code missing;
  const std::size_t counted =
      fs::exists(journal, missing)
          ? copy_pass_results(load_results(journal).benchmarks, measured,
                              [](const BenchmarkResult& c) { return !c.kernel_counts.empty(); }, copy_counted_kernels)
          : 0;
  if (exit.signaled || exit.code != 0)
    std::cerr << "perfgate: warning: the GPU counted pass stopped (" << exit.describe() << "); "
              << names.size() - counted << " case(s) have no counts\n";
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cerr << "perfgate: counted the kernels of " << counted << " of " << names.size()
            << " case(s) through CUPTI's range profiler in " << std::fixed << std::setprecision(1) << seconds
            << " s (5 samples each): kernel instructions, DRAM and L2 bytes a timed iteration in each case's "
               "counters, each kernel's in kernel_counts\n";
}

}  // namespace

std::optional<std::string> counting_impossible() {
  if (this_suite.gpu) return kernel_counting_impossible();
  if (!PERFGATE_HAS_CALLGRIND)
    return "this suite binary was built without valgrind's client requests (valgrind/callgrind.h; apt-get install "
           "valgrind, then rebuild)";
  if (valgrind_on_path().empty()) return "valgrind is not on PATH (apt-get install valgrind)";
  return std::nullopt;
}

void settle_counting(MainOptions& options) {
  if (!options.count_instructions || options.mode == RunMode::smoke) return;
  const std::optional<std::string> why = counting_impossible();
  if (!why) return;
  if (!options.count_where_possible) throw InputError(std::string(kFlag) + ": " + *why);
  std::cerr << "perfgate: not counted (" << kFlag << "=auto): " << *why << "; its times are judged alone\n";
  options.count_instructions = false;
}

void count_cases(const std::vector<std::string>& args, std::vector<BenchmarkResult>& measured) {
  if (this_suite.gpu) return count_kernels(args, measured);
  const std::vector<std::string> names = measured_names(measured);
  const fs::path valgrind = valgrind_on_path();
  if (names.empty() || valgrind.empty()) return;
  const auto started = std::chrono::steady_clock::now();
  ScratchFolder folder("perfgate-count");
  const ChildExit exit = run_worker_process(count_argv(valgrind, folder.path(), args, names),
                                            {{kWorkerJournalVariable, (folder.path() / "counted.json").string()},
                                             {kCountPassVariable, "1"}});
  const std::size_t counted = attach_counts(loop_dumps_by_case(read_dumps(folder.path())), measured);
  if (exit.signaled || exit.code != 0) {
    std::cerr << "perfgate: warning: the counted pass stopped (" << exit.describe() << "); " << names.size() - counted
              << " case(s) have no counts\n";
    print_log_tail(folder.path() / "valgrind.log");
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cerr << "perfgate: counted " << counted << " of " << names.size() << " case(s) under callgrind in " << std::fixed
            << std::setprecision(1) << seconds << " s (" << kCountedRepetitions
            << " iterations each after one to warm up): instructions, simulated cache misses and branch "
               "mispredictions a timed iteration, in each case's counters\n";
}

bool claim_kernel_counting() {
#if PERFGATE_HAS_CUDA
  if (const auto why = count::start_kernel_counting()) {
    std::cerr << "perfgate: the GPU counted pass cannot run: " << *why << "; the cases keep their times, uncounted\n";
    return false;
  }
#endif
  return true;
}

RunHooks counted_pass_hooks() {
  RunHooks hooks;
  if (this_suite.gpu) {
    auto attacher = std::make_shared<count::CountAttacher>();
    hooks.display = silent_reporter();
    hooks.finish = [attacher](std::vector<BenchmarkResult>& results) { attacher->attach(results); };
    return hooks;
  }
  hooks.display = std::make_unique<CaseMarkReporter>();
  return hooks;
}

}  // namespace perfgate
