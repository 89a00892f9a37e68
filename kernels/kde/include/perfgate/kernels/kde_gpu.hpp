#pragma once
// The KDE log-likelihood on the GPU, two variants:
//   reference: one thread per (decoding spike j, position bin p) sums
//     K_mark K_pos over the encoding spikes, every Gaussian factor evaluated
//     (one exp each) inside the loop, then log, clip and an atomicAdd into
//     LL[bin_j, p]; the gpi term likewise, one thread per bin.
//   optimized: the compensated-linear algorithm (kde_compensated_math.hpp):
//     a cuBLAS SGEMM (K = D) for the mark cross terms, max-compensated
//     weights, one SGEMM (n_dec x n_enc) . (n_enc x n_pos) per block of
//     decoding spikes and tile of position bins, log and clip, atomicAdd.
//     Both SGEMMs use FP32 pedantic compute (no TF32): float32 accuracy.
//
//   KdeGpu kde;
//   if (KdeStatus s = kde.create(problem, KdeVariant::optimized); !s.ok()) ...
//   kde.enqueue(stream);                    // one call: LL in kde.log_likelihood()
//
// create() uploads the problem and allocates exactly the buffers
// kde_buffer_sizes() lists; enqueue() allocates nothing.

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include "perfgate/kernels/kde_cost.hpp"
#include "perfgate/kernels/kde_problem.hpp"

namespace perfgate::kernels {

struct KdeStatus {
  cudaError_t cuda = cudaSuccess;
  cublasStatus_t cublas = CUBLAS_STATUS_SUCCESS;
  std::string where;  // the failing call
  bool ok() const { return cuda == cudaSuccess && cublas == CUBLAS_STATUS_SUCCESS; }
  std::string text() const;
};

class KdeGpu {
 public:
  KdeGpu();
  ~KdeGpu();
  KdeGpu(const KdeGpu&) = delete;
  KdeGpu& operator=(const KdeGpu&) = delete;

  KdeStatus create(const KdeProblem& problem, KdeVariant variant, KdeTiling tiling = {});
  // Queues one log-likelihood call on `stream`.
  KdeStatus enqueue(cudaStream_t stream);
  // LL (time_bins x n_pos), copied to the host after the device finishes.
  KdeStatus download(std::vector<float>* log_likelihood) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace perfgate::kernels
