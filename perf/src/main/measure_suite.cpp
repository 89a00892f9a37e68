#include "measure_suite.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdlib>

#include "perfgate/gate/exit_code.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/interruption.hpp"
#include "case_runner.hpp"
#include "case_worker.hpp"
#include "count_pass.hpp"
#include "trace_pass.hpp"

namespace perfgate {
namespace {

// A smoke run's cases run in this process: one that ends it (a library's
// exit(0), an error handler's exit(77), which ctest reads as "skipped")
// would end the smoke run with the case's code.  exit() runs the atexit
// handlers first, and this one, while the cases run, makes it a failure.
std::atomic<bool> smoke_cases_running{false};

void refuse_an_exit_during_the_smoke_run() {
  if (!smoke_cases_running.load()) return;
  static const char message[] =
      "perfgate: error: a case ended the process (exit() called while the smoke run's cases ran, as a library's "
      "early exit or an error handler does): the smoke run fails; --perfgate_mode=gate names the case\n";
  [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, message, sizeof message - 1);
  ::_exit(kExitError);
}

std::vector<BenchmarkResult> run_smoke_cases(std::vector<std::string> args, const MainOptions& options) {
  static const bool registered = std::atexit(refuse_an_exit_during_the_smoke_run) == 0;
  if (!registered) throw DeviceError("cannot register the smoke run's exit guard (atexit)");
  RunHooks hooks;
  hooks.before_cases = [] { smoke_cases_running = true; };  // after Google Benchmark's own --help and flags
  try {
    std::vector<BenchmarkResult> cases = run_cases_here(std::move(args), options, "", std::move(hooks));
    smoke_cases_running = false;
    return cases;
  } catch (...) {
    smoke_cases_running = false;
    throw;
  }
}

}  // namespace

// Measuring runs in a worker process (case_worker.hpp), which accounts for
// every case however it ends; smoke runs, which keep nothing, run here.
std::vector<BenchmarkResult> run_cases(std::vector<std::string> args, const MainOptions& options) {
  if (options.mode == RunMode::smoke) return run_smoke_cases(std::move(args), options);
  return run_cases_in_worker(args).cases;
}

Results measure_suite(const std::vector<std::string>& args, const MainOptions& options, const std::string& suite,
                      const Fingerprint& device, const Ceilings& ceilings, const std::string& command) {
  std::vector<BenchmarkResult> cases = run_cases(args, options);
  try {
    if (!options.trace_dir.empty()) trace_cases(args, options, cases);
    if (options.count_instructions) count_cases(args, cases);
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
