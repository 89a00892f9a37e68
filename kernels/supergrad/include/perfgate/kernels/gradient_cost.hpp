#pragma once
// What the gradient workload (sharded_gradient.hpp) costs one GPU a call,
// by method: its work for the roofline counters and the device memory that
// decides where the tape stops fitting.  Host code: the suite and the unit
// tests use it without a GPU.

#include <cstddef>

#include "perfgate/kernels/control_problem.hpp"
#include "perfgate/kernels/gradient_reference.hpp"

namespace perfgate::kernels {

// One GPU's work per call on a shard of `states` states, by `method`: the
// GEMMs (8 FLOP a complex multiply-add), the overlaps and zdotcs; bytes as
// the scaling workload counts them (each GEMM reads its operands once and
// writes its result).
struct GradientCost {
  double flops, bytes_read, bytes_written;
};
GradientCost gradient_cost(const ControlProblem& problem, GradientMethod method, int states);

// The device memory one rank needs, in bytes: the operators, the states,
// the scratch and, for the tape, T + 1 state blocks.
std::size_t gradient_device_bytes(const ControlProblem& problem, GradientMethod method, int states);

}  // namespace perfgate::kernels
