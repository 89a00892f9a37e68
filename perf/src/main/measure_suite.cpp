#include "measure_suite.hpp"

#include "perfgate/model/errors.hpp"
#include "perfgate/model/interruption.hpp"
#include "case_runner.hpp"
#include "case_worker.hpp"
#include "trace_pass.hpp"

namespace perfgate {

// Measuring runs in a worker process (case_worker.hpp); smoke runs, which
// keep nothing, run here.
std::vector<BenchmarkResult> run_cases(std::vector<std::string> args, const MainOptions& options) {
  if (options.mode == RunMode::smoke) return run_cases_here(std::move(args), options, "");
  return run_cases_in_worker(args).cases;
}

Results measure_suite(const std::vector<std::string>& args, const MainOptions& options, const std::string& suite,
                      const Fingerprint& device, const Ceilings& ceilings, const std::string& command) {
  std::vector<BenchmarkResult> cases = run_cases(args, options);
  try {
    if (!options.trace_dir.empty()) trace_cases(args, options, cases);
  } catch (const Interrupted& stop) {  // during the untimed pass: every case had finished
    throw InterruptedRun{{stop.signal}, std::move(cases)};
  }
  // Every listed case has a result or an ERROR (case_worker.hpp): none is
  // only when the listing was empty.
  if (cases.empty())
    throw InputError("no benchmark case ran (does --benchmark_filter match any case? try --benchmark_list_tests)");
  return suite_results(std::move(cases), suite, device, ceilings, command);
}

}  // namespace perfgate
