#pragma once
// Running a suite's cases through Google Benchmark in this process and
// recording them: what a worker does (case_worker.hpp), and what smoke runs
// and listings do in the gate's process.  measure_suite.hpp chooses.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "perfgate/model/ceilings.hpp"
#include "perfgate/model/results.hpp"
#include "main/main_options.hpp"

namespace perfgate {

// What a caller of run_cases_here may change (the traced pass does).
struct RunHooks {
  std::unique_ptr<benchmark::BenchmarkReporter> display;  // instead of the one the flags ask for
  // Applied to the results before each journal write and before they return.
  std::function<void(std::vector<BenchmarkResult>&)> finish;
  // Called once Google Benchmark has read its flags (its --help has exited
  // by then), right before the first case runs.
  std::function<void()> before_cases;
};

// Hands `args` to Google Benchmark and runs the cases it selects in this
// process, once per call; with a `journal` path, every finished case is
// also written there (a results file) as soon as it finishes.
std::vector<BenchmarkResult> run_cases_here(std::vector<std::string> args, const MainOptions& options,
                                            const std::string& journal, RunHooks hooks = {});

// `cases` as the results of `suite` on `device`, with the commit under
// test, each case's declared work placed against `ceilings`.
Results suite_results(std::vector<BenchmarkResult> cases, const std::string& suite, const Fingerprint& device,
                      const Ceilings& ceilings, const std::string& command);

}  // namespace perfgate
