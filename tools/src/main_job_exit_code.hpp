#pragma once
// `perfgate run`: one exit code for a whole gate run from what each suite
// left.  Pure: no files, no processes, so that the rule is tested alone.

#include <optional>
#include <vector>

namespace perfgate::cli {

// How ctest saw one test end (its "Test #N: NAME ... Passed" line).
enum class CtestStatus {
  passed,   // exit 0
  skipped,  // SKIP_RETURN_CODE (77)
  failed,   // any other exit, a crash, a timeout, not run
  unknown,  // no result line (ctest itself stopped early)
};

struct SuiteOutcome {
  CtestStatus status = CtestStatus::unknown;
  std::optional<int> comparison_exit_code;  // "exit_code" of its comparison JSON, when it left one
};

// One suite's code: its comparison's exit code (raised to 2 when ctest says
// the test failed but the comparison says 0 or 77: the process failed after
// its verdict, so that verdict cannot be trusted); 2 without a readable
// comparison, whatever the test's own exit code: every gated suite writes
// one, skipped ones too, so a test that passed without one gated nothing.
int suite_exit_code(const SuiteOutcome& suite);

// The run's code, the worst suite's (RunOutcome, run_outcome.hpp): 2 if any
// suite's is 2, else 1 if any is 1, else 0 if any is 0, else 77 (every
// suite skipped); 2 for no suite at all (a selection
// that matched no test).  A non-zero ctest status that no suite explains
// (2 or 1) makes it 2: ctest failed for a reason of its own (a bad argument).
int main_job_exit_code(const std::vector<SuiteOutcome>& suites, int ctest_status);

}  // namespace perfgate::cli
