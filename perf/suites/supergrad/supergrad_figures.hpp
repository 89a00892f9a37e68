#pragma once
// The supergrad suite's derived figures, from the medians of its cases
// (m(case): median seconds per gradient):
//   supergrad/adjoint_vs_tape/gpus:N     m(adjoint/gpus:N) / m(tape/gpus:N)   (x): above 1 the tape is faster
//   supergrad/tape_vs_adjoint_memory/gpus:N
//                                        p(tape/gpus:N) / p(adjoint/gpus:N)   (x), p(case): the case's
//                                        measured device_memory_peak_bytes
//   the same two at each T of the sweep (".../steps:T"): the ratios as T grows
//   supergrad/<method>/speedup/gpus:N    m(<method>/gpus:1) / m(<method>/gpus:N)         (x)
//   supergrad/<method>/efficiency/gpus:N 100 m(<method>/gpus:1) / (N m(<method>/gpus:N)) (%)
//   supergrad/<method>/largest_steps_that_fit   the largest T of the sweep
//                                        supergrad/<method>/steps:T that was measured
//                                        (a T that did not fit is skipped: out of memory)

#include <string>
#include <vector>

#include "perfgate/runtime/derived_figures.hpp"

namespace perfgate::supergrad {

// "supergrad/<method>/gpus:<n>", "supergrad/<method>/steps:<t>"
std::string gpus_case(const std::string& method, int gpus);
std::string steps_case(const std::string& method, int steps);

std::vector<FigureDefinition> supergrad_figures(const std::vector<int>& gpu_counts, const std::vector<int>& swept_steps);

}  // namespace perfgate::supergrad
