#pragma once

#include <span>

namespace perfgate::kernels {

// ||got - want||_2 / ||want||_2, the tolerance measure of every correctness
// check (fp32 1e-5, tf32 1e-3, fp16/bf16 1e-2).  Infinity when `want` is
// all zeros or the sizes differ.
double relative_norm_error(std::span<const float> got, std::span<const double> want);

}  // namespace perfgate::kernels
