#pragma once

#include <optional>
#include <string>
#include <vector>

#include "perfgate/gate/comparison.hpp"

namespace perfgate {

// One line for every report when benchmarks were present on both sides but
// none had enough samples to be judged: a file written without
// repetitions would otherwise pass with every case INCONCLUSIVE and no hint
// of why.  Nothing when any pair could be judged, or none was measured.
std::optional<std::string> sample_shortage_note(const std::vector<BenchmarkComparison>& benchmarks,
                                                const GateSettings& settings);

}  // namespace perfgate
