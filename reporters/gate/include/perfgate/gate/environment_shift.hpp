#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "perfgate/gate/comparison.hpp"

namespace perfgate {

// A shift is reported when at least 3 benchmarks were compared, their median
// ratio is beyond settings.threshold_pct, at least 75% of them moved that way
// by more than threshold_pct, and the robust spread of their log ratios
// (1.4826 MAD) is at most half the median log ratio.
std::optional<EnvironmentShift> detect_environment_shift(const std::vector<BenchmarkComparison>& benchmarks,
                                                         const GateSettings& settings);

// A whole-suite speed change between the baseline and the run is judged as
// one, not as a regression (or improvement) of every case: each moved case
// whose verdict points the shift's way is judged again with its ratio's
// interval divided by the shift's median ratio.  One still beyond the
// threshold after that stands (it moved more than the machine did: "beyond
// the suite's shift"); the others become INCONCLUSIVE, the shift their
// reason, since a slower machine and a change that slows every case look
// the same (`perfgate ab` of the two builds tells them apart).
void judge_against_shift(std::vector<BenchmarkComparison>& benchmarks, const EnvironmentShift& shift,
                         const GateSettings& settings);

// Whether `b` is one of the shift's moved benchmarks: compared, and beyond
// threshold_pct in the shift's direction.
bool moved_with_shift(const BenchmarkComparison& b, const EnvironmentShift& shift, const GateSettings& settings);

// The gated verdicts among the moved benchmarks that point the shift's way
// (REGRESSION for a slower shift, IMPROVEMENT for a faster one), which after
// judge_against_shift are those beyond the shift: a report must not call
// those "not a change in the code", since each stands on its own evidence
// (and, for a regression, its confirmation).
struct ShiftedVerdicts {
  std::size_t verdicts = 0;
  std::size_t confirmed = 0;  // of them, confirmed by a re-measurement
};
ShiftedVerdicts shifted_verdicts(const Comparison& comparison);

}  // namespace perfgate
