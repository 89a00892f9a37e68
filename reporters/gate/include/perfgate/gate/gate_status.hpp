#pragma once
// What a gate run means, in one word beside its exit code.  A run that judged
// no case against a baseline of its own device is NOT GATED, never PASS: it
// exits 0 by default (adopting perfgate never breaks a pipeline) and 2 under
// GateSettings::require_gated.  A run that judged some cases and not others
// passes, and says how many it judged.

#include <cstddef>
#include <optional>
#include <string>

#include "perfgate/gate/comparison.hpp"

namespace perfgate {

enum class GateStatus { pass, fail, error, not_gated, skipped };

// "PASS", "FAIL", "ERROR", "NOT GATED", "SKIPPED".
const char* to_string(GateStatus status);
// The comparison file's spelling: "PASS", "FAIL", "ERROR", "NOT_GATED", "SKIPPED".
const char* to_json_string(GateStatus status);
std::optional<GateStatus> gate_status_from_json(const std::string& text);

// Judged against a baseline of its own device: REGRESSION, IMPROVEMENT,
// NO_CHANGE, or INCONCLUSIVE with at least `min_samples` a side; never an
// ignored case.  NEW, REMOVED, SKIPPED, INCOMPARABLE and ERROR cases, and an
// INCONCLUSIVE one for lack of samples, were not judged.
bool is_gated(const BenchmarkComparison& b, const GateSettings& settings);

struct GateCoverage {
  std::size_t gated = 0;  // cases judged against a baseline of their own device
  std::size_t cases = 0;  // the run's cases (a REMOVED one is not the run's)
};
GateCoverage gate_coverage(const Comparison& comparison);
// "5 of 8 cases gated".
std::string coverage_text(const GateCoverage& coverage);

// Nothing of the run was judged, though something ran (not every case was
// skipped).
bool nothing_gated(const Comparison& comparison);

// The status of a comparison that exited with `exit_code` (gate_exit_code).
GateStatus gate_status(const Comparison& comparison, int exit_code);

// Why nothing was gated, in one line (empty when something was): another
// device's baseline, no baseline at all, no case in common, every case
// without enough samples...  Followed, when the producer set one, by
// Comparison::gate_advice, the command that makes the suite gated.
std::string not_gated_reason(const Comparison& comparison);

}  // namespace perfgate
