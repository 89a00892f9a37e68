#pragma once
// Running a suite's cases through Google Benchmark and recording them.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "perfgate/model/ceilings.hpp"
#include "perfgate/model/results.hpp"
#include "perfgate/runtime/main_options.hpp"

namespace perfgate {

// Hands `args` to Google Benchmark and runs the cases it selects, once per
// call: a re-measurement calls it again with other flags.  Measuring runs in
// a worker process (case_worker.hpp), smoke runs in this one.
std::vector<BenchmarkResult> run_cases(std::vector<std::string> args, const MainOptions& options);

// What a caller of run_cases_here may change (the traced pass does).
struct RunHooks {
  std::unique_ptr<benchmark::BenchmarkReporter> display;  // instead of the one the flags ask for
  // Applied to the results before each journal write and before they return.
  std::function<void(std::vector<BenchmarkResult>&)> finish;
};

// The same in this process; with a `journal` path, every finished case is
// also written there (a results file) as soon as it finishes.
std::vector<BenchmarkResult> run_cases_here(std::vector<std::string> args, const MainOptions& options,
                                            const std::string& journal, RunHooks hooks = {});

// `cases` as the results of `suite` on `device`, with the commit under
// test, each case's declared work placed against `ceilings`.
Results suite_results(std::vector<BenchmarkResult> cases, const std::string& suite, const Fingerprint& device,
                      const Ceilings& ceilings, const std::string& command);

// run_cases() (and the traced pass) as suite_results().  InputError when no
// case ran; InterruptedRun (case_worker.hpp) when a signal stopped it.
Results measure_suite(const std::vector<std::string>& args, const MainOptions& options, const std::string& suite,
                      const Fingerprint& device, const Ceilings& ceilings, const std::string& command);

}  // namespace perfgate
