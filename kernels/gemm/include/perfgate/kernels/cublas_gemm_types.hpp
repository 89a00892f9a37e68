#pragma once
// How a GEMM of each precision is asked of cublasGemmEx: the storage type
// of A, B and C and the compute type.  One table for the calibration and
// for the built-in GEMM kernels, so the ceiling and the cases it is compared
// with run the same cuBLAS configuration.  Header-only: perfgate's
// calibration includes it without linking a kernel library.

#include <stdexcept>
#include <string>

#include <cublas_v2.h>

#include "perfgate/model/precision.hpp"

namespace perfgate::kernels {

struct CublasGemmTypes {
  cudaDataType_t data;          // A, B and C
  cublasComputeType_t compute;  // accumulation (and tensor-core use)
  const char* label;            // for reports: "BF16 in/out, FP32 accumulate"
};

// FP64, FP32 (pedantic: no TF32, no reduced-precision reductions), TF32,
// FP16 and BF16 (FP32 accumulation).  FP8 is not a cublasGemmEx type: it
// throws std::invalid_argument.
inline CublasGemmTypes cublas_gemm_types(Precision precision) {
  switch (precision) {
    case Precision::fp64: return {CUDA_R_64F, CUBLAS_COMPUTE_64F, "FP64 in/out, FP64 compute"};
    case Precision::fp32: return {CUDA_R_32F, CUBLAS_COMPUTE_32F_PEDANTIC, "FP32 in/out, FP32 compute (pedantic, no TF32)"};
    case Precision::tf32: return {CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32, "FP32 in/out, TF32 tensor-core compute"};
    case Precision::fp16: return {CUDA_R_16F, CUBLAS_COMPUTE_32F, "FP16 in/out, FP32 accumulate"};
    case Precision::bf16: return {CUDA_R_16BF, CUBLAS_COMPUTE_32F, "BF16 in/out, FP32 accumulate"};
    case Precision::fp8: break;
  }
  throw std::invalid_argument(std::string("cublasGemmEx has no ") + to_string(precision) + " GEMM (use cublasLt)");
}

// "<api>: <status string> (<status name>)".
inline std::string cublas_error_text(const char* api, cublasStatus_t status) {
  return std::string(api) + ": " + cublasGetStatusString(status) + " (" + cublasGetStatusName(status) + ")";
}

}  // namespace perfgate::kernels
