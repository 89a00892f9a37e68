#pragma once
// The scaling workload (scaling_problem.hpp) on devices 0 .. G-1 of one
// process: rank r holds global states r*S .. r*S + S - 1 (S per GPU), the
// propagator U and its targets, a cuBLAS handle and the stream of its NCCL
// communicator (NcclCommunicators, kernels/collectives).  One call:
//   enqueue_compute(r) for every r: `steps` complex128 GEMMs U . [psi_1 .. psi_S]
//     (cublasZgemm, ping-ponging between two buffers and starting from the
//     initial states, so every call does the same work), then the overlap
//     sum_b <target_b|psi_b> as one cublasZdotc over the d x S shard, into
//     device memory;
//   enqueue_collective(): one ncclAllReduce (sum) of that complex number
//     (2 doubles) on every rank, in one NCCL group: SuperGrad's only
//     collective, the fidelity mean.
// Why one GEMM per step and not a batched GEMM: every state shares U, so
// U . [states] is one d x d by d x S product that reads U once per tile; a
// strided batch of S products (d x d) . (d x 1) would be S matrix-vector
// products, memory-bound on U.  complex128, as SuperGrad runs (x64).
//
//   ShardedEvolution e;
//   if (std::string error = e.create(problem, scaling_propagator(problem), gpus, states_per_gpu); !error.empty()) ...
//   for (int r = 0; r < e.gpus(); ++r) e.enqueue_compute(r);
//   e.enqueue_collective();
//   Complex overlap; e.reduced_overlap(0, &overlap);  // waits for rank 0

#include <memory>
#include <string>

#include <cuda_runtime_api.h>

#include "perfgate/kernels/scaling_problem.hpp"

namespace perfgate::kernels {

class ShardedEvolution {
 public:
  ShardedEvolution();
  ~ShardedEvolution();
  ShardedEvolution(const ShardedEvolution&) = delete;
  ShardedEvolution& operator=(const ShardedEvolution&) = delete;

  // Creates the communicators and uploads U (scaling_propagator(problem),
  // computed once by the caller: it takes some 0.1 s at d = 256) and each
  // shard.  "" or the failing call's "<api>: <error>".
  std::string create(const ScalingProblem& problem, const ComplexMatrix& u, int gpus, int states_per_gpu);
  // After a create() that succeeded:
  int gpus() const;
  int states_per_gpu() const;
  cudaStream_t stream(int rank) const;  // the rank's NCCL stream, where all its work goes

  // Makes `rank`'s device current and queues its steps and overlap.
  std::string enqueue_compute(int rank);
  // Queues the all-reduce of the overlaps on every rank's stream.
  std::string enqueue_collective();
  // Waits for `rank`'s stream and copies its reduced overlap (every rank holds the same).
  std::string reduced_overlap(int rank, Complex* overlap) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace perfgate::kernels
