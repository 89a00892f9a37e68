#include "main_job_exit_code.hpp"

#include <algorithm>

#include "perfgate/gate/exit_code.hpp"

namespace perfgate::cli {
namespace {

bool is_verdict(int code) { return code == kExitRegression || code == kExitError; }

// Worst first: a harness error hides a regression, which hides a pass,
// which hides a skip.
int severity(int code) {
  switch (code) {
    case kExitError: return 3;
    case kExitRegression: return 2;
    case kExitOk: return 1;
    default: return 0;  // kExitAllSkipped
  }
}

}  // namespace

int suite_exit_code(const SuiteOutcome& suite) {
  // Every gated suite leaves a comparison, skipped ones too: a test that
  // exited 0 or 77 without one did not run the gate, and is no pass.
  if (!suite.comparison_exit_code) return kExitError;
  const int code = *suite.comparison_exit_code;
  if (suite.status == CtestStatus::failed && !is_verdict(code)) return kExitError;
  return code == kExitOk || code == kExitAllSkipped || is_verdict(code) ? code : kExitError;
}

int main_job_exit_code(const std::vector<SuiteOutcome>& suites, int ctest_status) {
  if (suites.empty()) return kExitError;  // a selection that matched no test gated nothing
  int worst = kExitAllSkipped;
  for (const SuiteOutcome& suite : suites) {
    const int code = suite_exit_code(suite);
    if (severity(code) > severity(worst)) worst = code;
  }
  if (ctest_status != 0 && !is_verdict(worst)) return kExitError;
  return worst;
}

}  // namespace perfgate::cli
