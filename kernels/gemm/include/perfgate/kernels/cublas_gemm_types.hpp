#pragma once
// How a GEMM of each precision is asked of cublasGemmEx: the storage type
// of A, B and C and the compute type.  One table for the calibration and
// for the built-in GEMM kernels, so the ceiling and the cases it is compared
// with run the same cuBLAS configuration.  Header-only: perfgate's
// calibration includes it without linking a kernel library.

#include <stdexcept>
#include <string>

#include <cublas_v2.h>

#include "perfgate/kernels/gemm_precision.hpp"

namespace perfgate::kernels {

struct CublasGemmTypes {
  cudaDataType_t data;          // A, B and C
  cublasComputeType_t compute;  // accumulation (and tensor-core use)
  const char* label;            // for reports: "BF16 in/out, FP32 accumulate"
};

// FP64, FP32 (pedantic: no TF32, no reduced-precision reductions), TF32,
// FP16 and BF16 (FP32 accumulation).  FP8 is not a cublasGemmEx type, so
// GemmPrecision has none.
inline CublasGemmTypes cublas_gemm_types(GemmPrecision precision) {
  switch (precision) {
    case GemmPrecision::fp64: return {CUDA_R_64F, CUBLAS_COMPUTE_64F, "FP64 in/out, FP64 compute"};
    case GemmPrecision::fp32: return {CUDA_R_32F, CUBLAS_COMPUTE_32F_PEDANTIC, "FP32 in/out, FP32 compute (pedantic, no TF32)"};
    case GemmPrecision::tf32: return {CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32, "FP32 in/out, TF32 tensor-core compute"};
    case GemmPrecision::fp16: return {CUDA_R_16F, CUBLAS_COMPUTE_32F, "FP16 in/out, FP32 accumulate"};
    case GemmPrecision::bf16: return {CUDA_R_16BF, CUBLAS_COMPUTE_32F, "BF16 in/out, FP32 accumulate"};
  }
  throw std::invalid_argument(std::string("cublasGemmEx has no GEMM at precision #") +
                              std::to_string(static_cast<int>(precision)));
}

// "<api>: <status string> (<status name>)".
inline std::string cublas_error_text(const char* api, cublasStatus_t status) {
  return std::string(api) + ": " + cublasGetStatusString(status) + " (" + cublasGetStatusName(status) + ")";
}

}  // namespace perfgate::kernels
