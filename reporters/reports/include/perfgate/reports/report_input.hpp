#pragma once
// What a report is made from.  The comparison carries every verdict and its
// numbers; the results, when the writer has them, carry what the comparison
// summarizes away: every sample (distributions), the counters (roofline,
// batch curves) and the derived figures.

#include <optional>
#include <vector>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate {

// One suite's gate, as one report file shows it.
struct ReportInput {
  const Comparison& comparison;
  int exit_code = 0;
  const Results* current = nullptr;   // this run, when known
  const Results* baseline = nullptr;  // what it was compared with, when known
};

// One suite of a whole gate run (ci/perf-gate.sh runs several), read back
// from its comparison JSON and, when beside it, its results JSON.
struct SuiteReport {
  Comparison comparison;
  int exit_code = 0;
  std::optional<Results> current;
  std::optional<Results> baseline;

  ReportInput input() const {
    return {comparison, exit_code, current ? &*current : nullptr, baseline ? &*baseline : nullptr};
  }
};

using RunReport = std::vector<SuiteReport>;

}  // namespace perfgate
