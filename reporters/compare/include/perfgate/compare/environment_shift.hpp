#pragma once

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

}  // namespace perfgate
