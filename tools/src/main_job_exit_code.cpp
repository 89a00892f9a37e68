#include "main_job_exit_code.hpp"

#include <algorithm>

#include "perfgate/gate/exit_code.hpp"
#include "perfgate/gate/run_outcome.hpp"

namespace perfgate::cli {
namespace {

// A code that fails the run (1 or 2): one ctest's failure explains.
bool is_verdict(int code) { return code == kExitRegression || code == kExitError; }

}  // namespace

int suite_exit_code(const SuiteOutcome& suite) {
  // Every gated suite leaves a comparison, skipped ones too: a test that
  // exited 0 or 77 without one did not run the gate, and is no pass.
  if (!suite.comparison_exit_code) return kExitError;
  const int code = *suite.comparison_exit_code;
  if (suite.status == CtestStatus::failed && !is_verdict(code)) return kExitError;
  return RunOutcome::from_exit_code(code).to_exit_code();
}

int main_job_exit_code(const std::vector<SuiteOutcome>& suites, int ctest_status) {
  if (suites.empty()) return kExitError;  // a selection that matched no test gated nothing
  RunOutcome worst;
  for (const SuiteOutcome& suite : suites) worst = worst_of(worst, RunOutcome::from_exit_code(suite_exit_code(suite)));
  if (ctest_status != 0 && !is_verdict(worst.to_exit_code())) return kExitError;
  return worst.to_exit_code();
}

}  // namespace perfgate::cli
