#pragma once
// A whole gate run (several suites) judged as one, the way ci/perf-gate.sh
// exits: the worst suite decides.

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "perfgate/compare/verdict.hpp"
#include "perfgate/writers/report_input.hpp"

namespace perfgate {

// 2 when a suite's is 2 (a failed case, a bad input), else 1 when one
// regressed, else 0 when one passed, else 77 when every suite skipped
// everything; 2 for a run of no suites (nothing was gated).
int run_exit_code(const RunReport& run);

// The verdict counts of every suite, added up.
std::map<Verdict, std::size_t> run_verdict_counts(const RunReport& run);

// The perfgate versions that judged the suites, in the run's order (for
// judged_by_text(): each once, unknown ones left out there).
std::vector<std::string> run_perfgate_versions(const RunReport& run);

}  // namespace perfgate
