#pragma once
// The scaling suite's derived figures, from the medians of its cases
// <prefix>/gpus:<N> (m(N): median seconds per call on N GPUs):
//   strong (total batch fixed)
//     <prefix>/speedup/gpus:N     S(N) = m(1) / m(N)                 (x)
//     <prefix>/efficiency/gpus:N  E(N) = 100 m(1) / (N m(N))         (%)
//   weak (batch per GPU fixed)
//     <prefix>/efficiency/gpus:N  E(N) = 100 m(1) / m(N)             (%)
// for every N > 1 of `gpu_counts`.  A case that was skipped (a machine
// with fewer GPUs) leaves its figures without a value, saying why.

#include <string>
#include <vector>

#include "perfgate/runtime/derived_figures.hpp"

namespace perfgate::scaling {

enum class ScalingMode { strong, weak };
const char* to_string(ScalingMode mode);  // "strong", "weak"

// "<prefix>/gpus:<n>"
std::string gpus_case(const std::string& prefix, int gpus);

std::vector<FigureDefinition> scaling_figures(const std::string& prefix, ScalingMode mode, const std::vector<int>& gpu_counts);

}  // namespace perfgate::scaling
