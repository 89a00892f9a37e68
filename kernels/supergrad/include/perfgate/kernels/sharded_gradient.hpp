#pragma once
// The gradient workload (control_problem.hpp, gradient_reference.hpp) on
// devices 0 .. G-1 of one process, sharded along the batch as the scaling
// workload is (sharded_evolution.hpp): rank r holds global states
// r*S .. r*S + S - 1, V, V's K derivatives, its targets, a cuBLAS handle
// and the stream of its NCCL communicator.  One call:
//   enqueue_compute(r): forward, T complex128 GEMMs V . [psi] (the tape
//     method writes each step into its tape, the adjoint ping-pongs two
//     blocks); the overlaps o_j (a strided batch of 1 x 1 products), the
//     shard's loss sum |o_j|^2, mu_T = targets . diag(o) (cublasZdgmm);
//     backward, for t = T .. 1: psi_{t-1} (the adjoint: V^H psi_t, one GEMM;
//     the tape: read), for each control a GEMM D_k psi_{t-1} and a zdotc
//     with mu_t into a T x K table, then mu_{t-1} = V^H mu_t; last, the
//     table summed over t (one zgemv with ones) beside the loss;
//   enqueue_collective(): one ncclAllReduce (sum) of [loss, K partial
//     sums] on every rank: SuperGrad's one collective of the gradient.
// All cuBLAS, in device pointer mode, on the rank's stream.

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "perfgate/kernels/control_problem.hpp"
#include "perfgate/kernels/gradient_cost.hpp"
#include "perfgate/kernels/gradient_reference.hpp"

namespace perfgate::kernels {

class ShardedGradient {
 public:
  ShardedGradient();
  ~ShardedGradient();
  ShardedGradient(const ShardedGradient&) = delete;
  ShardedGradient& operator=(const ShardedGradient&) = delete;

  // Creates the communicators and uploads the step's operators (computed
  // once by the caller: step_operators()) and each shard.  "" or the
  // failing call's "<api>: <error>" (cudaMalloc's out-of-memory among them).
  std::string create(const ControlProblem& problem, const StepOperators& step, GradientMethod method, int gpus,
                     int states_per_gpu);
  int gpus() const;
  int states_per_gpu() const;
  cudaStream_t stream(int rank) const;
  std::size_t device_bytes(int rank) const;  // what create() allocated there

  std::string enqueue_compute(int rank);
  std::string enqueue_collective();
  // Waits for `rank`'s stream; the batch's loss and gradient (every rank holds the same).
  std::string reduced_gradient(int rank, double* loss, std::vector<double>* gradient) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace perfgate::kernels
