#pragma once
// The scaling suite's workload (SuperGrad's sharded forward evolution,
// docs/design.md "scaling"): a batch of complex state vectors of dimension d
// sharded along the batch over G GPUs; each of `steps` steps applies the
// propagator U = exp(-i H dt) to every state of a shard (psi <- U psi), and
// at the end one all-reduce sums each shard's overlap with its targets,
//   overlap = sum over states b of <target_b | U^steps psi_b>
// (SuperGrad's loss is 1 - |overlap / B|^2).  States and targets are random,
// each normalised, and depend only on the seed and the state's global index,
// so every sharding of one batch evolves the same states.

#include <cstdint>
#include <vector>

#include "perfgate/kernels/complex_matrix.hpp"

namespace perfgate::kernels {

struct ScalingProblem {
  int dimension = 256;         // d: 8 two-level qubits
  int steps = 50;              // propagator applications per call
  double dt = 0.05;            // H's entries are O(1): ||H dt|| stays O(1) per step
  std::uint64_t seed = 1;
};

// The problem's U = exp(-i H dt) for H = random_hermitian(d, seed).
ComplexMatrix scaling_propagator(const ScalingProblem& problem);

enum class StateKind { initial, target };

// States first .. first + count - 1 as the columns of a d x count matrix.
ComplexMatrix state_columns(const ScalingProblem& problem, StateKind kind, long long first, int count);

// Float64 reference of the reduced overlap over states first .. first + count - 1.
Complex overlap_reference(const ScalingProblem& problem, const ComplexMatrix& u, long long first, int count);

// One GPU's work per call on a shard of `states` states: each step one
// complex GEMM (d x d) . (d x states), 8 FLOP per complex multiply-add, then
// the overlap (a complex dot product over d x states entries).  Bytes: each
// step reads U and the shard and writes the shard; the overlap reads the
// shard and the targets and writes one complex number.
struct ShardCost {
  double flops, bytes_read, bytes_written;
};
ShardCost shard_cost(const ScalingProblem& problem, int states);

}  // namespace perfgate::kernels
