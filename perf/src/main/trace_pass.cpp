#include "trace_pass.hpp"

#include <chrono>
#include <cstdlib>
#include <iomanip>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/platform/scratch_folder.hpp"
#include "perfgate/runtime/suite_info.hpp"
#include "trace/traced_cases.hpp"
#include "trace/tracing_off.hpp"
#include "worker_protocol.hpp"
#include <benchmark/benchmark.h>
#if PERFGATE_HAS_CUDA
#include "perfgate/cuda/availability.hpp"
#include "trace/cupti_session.hpp"
#endif

namespace perfgate {
namespace {

namespace fs = std::filesystem;

// Why this process cannot trace at all, before starting a worker for it.
std::optional<std::string> no_tracing_here() {
  if (!this_suite.gpu) return std::string("this suite has no GPU cases");
#if PERFGATE_HAS_CUDA
  if (!cuda::availability().usable) return cuda::availability().reason;
  return std::nullopt;
#else
  return std::string("perfgate was built without CUDA");
#endif
}

}  // namespace

std::size_t copy_pass_results(const std::vector<BenchmarkResult>& pass, std::vector<BenchmarkResult>& measured,
                              bool (*found)(const BenchmarkResult&),
                              void (*copy)(const BenchmarkResult&, BenchmarkResult&)) {
  std::map<std::string, const BenchmarkResult*> by_name;
  for (const BenchmarkResult& p : pass)
    if (found(p)) by_name[p.name] = &p;
  std::size_t copied = 0;
  for (BenchmarkResult& b : measured) {
    const auto it = by_name.find(b.name);
    if (it == by_name.end()) continue;
    copy(*it->second, b);
    ++copied;
  }
  return copied;
}

std::vector<std::string> untimed_pass_argv(const std::vector<std::string>& args, const std::vector<std::string>& names) {
  std::vector<std::string> argv = args;
  argv.front() = own_executable(args.front()).string();
  argv.push_back("--benchmark_filter=" + benchmark_filter_for(names));
  argv.push_back("--benchmark_repetitions=1");
  argv.push_back("--benchmark_enable_random_interleaving=false");
  argv.push_back("--benchmark_min_time=0");
  argv.push_back("--benchmark_out=");
  return argv;
}

namespace {

class SilentReporter : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>&) override {}
};

}  // namespace

std::unique_ptr<benchmark::BenchmarkReporter> silent_reporter() { return std::make_unique<SilentReporter>(); }

void trace_cases(const std::vector<std::string>& args, const MainOptions& options,
                 std::vector<BenchmarkResult>& measured) {
  if (const auto why = no_tracing_here()) {
    std::cerr << trace::tracing_off_warning(*why) << "\n";
    return;
  }
  const std::vector<std::string> names = measured_names(measured);
  if (names.empty()) return;
  const auto started = std::chrono::steady_clock::now();
  ScratchFolder folder("perfgate-trace");
  const fs::path journal = folder.path() / "traced.json";
  const ChildExit exit = run_worker_process(untimed_pass_argv(args, names), {{kWorkerJournalVariable, journal.string()},
                                                             {kTracePassVariable, options.trace_dir.string()}});
  std::error_code missing;
  const std::size_t traced =
      fs::exists(journal, missing)
          ? copy_pass_results(load_results(journal).benchmarks, measured,
                              [](const BenchmarkResult& t) { return t.trace.has_value(); }, copy_traced_pass)
          : 0;
  if (exit.signaled || exit.code != 0)
    std::cerr << "perfgate: the traced pass stopped (" << exit.describe() << "); " << names.size() - traced
              << " case(s) have no trace\n";
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (traced > 0)
    std::cerr << "perfgate: traced " << traced << " case(s) in " << std::fixed << std::setprecision(1) << seconds
              << " s (untimed pass): Chrome traces (open in Perfetto) in " << options.trace_dir.string() << "\n";
}

bool claim_tracing() {
#if PERFGATE_HAS_CUDA
  if (const auto why = trace::start_tracing()) {
    std::cerr << trace::tracing_off_warning(*why) << "\n";
    return false;
  }
#endif
  return true;
}

RunHooks traced_pass_hooks(const std::string& folder) {
  auto attacher = std::make_shared<trace::TraceAttacher>(folder);
  RunHooks hooks;
  hooks.display = silent_reporter();
  hooks.finish = [attacher](std::vector<BenchmarkResult>& results) { attacher->attach(results); };
  return hooks;
}

}  // namespace perfgate
