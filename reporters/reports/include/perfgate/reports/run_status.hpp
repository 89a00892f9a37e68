#pragma once
// A whole gate run (several suites) judged as one, the way `perfgate run`
// exits: the worst suite decides.  Its status follows the suites' (gate
// status.hpp): a run that gated nothing is NOT GATED, never PASS.

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "perfgate/gate/gate_status.hpp"
#include "perfgate/gate/verdict.hpp"
#include "perfgate/reports/report_input.hpp"

namespace perfgate {

// The worst suite's code (RunOutcome, run_outcome.hpp): 2 when a suite's is
// 2 (a failed case, a bad input), else 1 when one regressed, else 0 when one
// passed, else 77 when every suite skipped everything; 2 for a run of no
// suites (nothing was gated).
int run_exit_code(const RunReport& run);

// One suite's status (gate_status of its comparison and exit code).
GateStatus suite_status(const SuiteReport& suite);

// The run's: FAIL and ERROR as the exit code says (an exit 2 that only
// --require-gated caused is NOT GATED); else PASS when some suite gated a
// case, NOT GATED when suites ran but none gated anything, SKIPPED when
// every suite skipped everything.
GateStatus run_status(const RunReport& run);

// What needs a look first: ERROR and FAIL suites, then NOT GATED, then PASS,
// then SKIPPED; the run's order kept within each.
std::vector<const SuiteReport*> in_status_order(const RunReport& run);

// The verdict counts of every suite, added up.
std::map<Verdict, std::size_t> run_verdict_counts(const RunReport& run);
GateCoverage run_coverage(const RunReport& run);

// The run in one sentence, for every whole-run report's headline:
// "PASS (exit 0): 9 suites (7 PASS, 2 NOT GATED), 312 of 340 cases gated:
// 2 IMPROVEMENT, 310 NO_CHANGE, 28 NEW".
std::string run_summary_line(const RunReport& run);

// The perfgate versions that judged the suites, in the run's order (for
// judged_by_text(): each once, unknown ones left out there).
std::vector<std::string> run_perfgate_versions(const RunReport& run);

}  // namespace perfgate
