#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "perfgate/compare/comparison.hpp"

namespace perfgate {

// A shift is reported when at least 3 benchmarks were compared, their median
// ratio is beyond settings.threshold_pct, at least 75% of them moved that way
// by more than threshold_pct, and the robust spread of their log ratios
// (1.4826 MAD) is at most half the median log ratio.
std::optional<EnvironmentShift> detect_environment_shift(const std::vector<BenchmarkComparison>& benchmarks,
                                                         const GateSettings& settings);

// Whether `b` is one of the shift's moved benchmarks: compared, and beyond
// threshold_pct in the shift's direction.
bool moved_with_shift(const BenchmarkComparison& b, const EnvironmentShift& shift, const GateSettings& settings);

// The gated verdicts among the moved benchmarks that point the shift's way
// (REGRESSION for a slower shift, IMPROVEMENT for a faster one): a report
// must not call those "not a change in the code", since each stands on its
// own evidence (and, for a regression, its confirmation).
struct ShiftedVerdicts {
  std::size_t verdicts = 0;
  std::size_t confirmed = 0;  // of them, confirmed by a re-measurement
};
ShiftedVerdicts shifted_verdicts(const Comparison& comparison);

}  // namespace perfgate
