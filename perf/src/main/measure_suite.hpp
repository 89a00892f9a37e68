#pragma once
// Measuring a suite from the gate's process: where the cases run (a worker
// process, or this one for smoke runs) and the traced pass after them.

#include <string>
#include <vector>

#include "main/main_options.hpp"
#include "perfgate/model/ceilings.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate {

// Hands `args` to Google Benchmark and runs the cases it selects, once per
// call: a re-measurement calls it again with other flags.  Measuring runs in
// a worker process (case_worker.hpp), smoke runs in this one.
std::vector<BenchmarkResult> run_cases(std::vector<std::string> args, const MainOptions& options);

// run_cases() (and the traced pass) as suite_results() (case_runner.hpp).
// InputError when no case ran; InterruptedRun (case_worker.hpp) when a
// signal stopped it.
Results measure_suite(const std::vector<std::string>& args, const MainOptions& options, const std::string& suite,
                      const Fingerprint& device, const Ceilings& ceilings, const std::string& command);

}  // namespace perfgate
