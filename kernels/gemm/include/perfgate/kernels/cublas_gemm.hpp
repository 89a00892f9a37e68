#pragma once
// cuBLAS GEMM on row-major matrices, C = A * B (A m x k, B k x n), at one
// precision: FP32 pedantic, TF32, FP16 or BF16 through cublasGemmEx (the
// table perfgate's calibration uses, so % of ceiling compares like with
// like).  A, B and C hold the precision's storage type (float for TF32).

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include "perfgate/kernels/cpu_gemm.hpp"
#include "perfgate/kernels/gemm_precision.hpp"

namespace perfgate::kernels {

class CublasGemm {
 public:
  // Throws std::runtime_error naming the call when cuBLAS cannot start.
  explicit CublasGemm(cudaStream_t stream);
  ~CublasGemm();
  CublasGemm(const CublasGemm&) = delete;
  CublasGemm& operator=(const CublasGemm&) = delete;

  // Queues one GEMM on the stream; returns cuBLAS's status.
  cublasStatus_t run(GemmPrecision precision, GemmShape shape, const void* a, const void* b, void* c) const;
  // Only calls cuBLAS when the stream changes: cublasSetStream resets the
  // handle's workspace, and re-creating it could wait for the GPU.
  void set_stream(cudaStream_t stream);

 private:
  cublasHandle_t handle_ = nullptr;
  cudaStream_t stream_ = nullptr;
};

}  // namespace perfgate::kernels
