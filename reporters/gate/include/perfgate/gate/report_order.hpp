#pragma once

#include <vector>

#include "perfgate/gate/comparison.hpp"

namespace perfgate {

// The benchmarks in report order: by verdict rank (regressions first), then
// by how much they moved, then by name.
std::vector<const BenchmarkComparison*> in_report_order(const Comparison& comparison);

}  // namespace perfgate
