#include "perfgate/calibrate/cublas_gemm_types.hpp"

#include <stdexcept>

namespace perfgate::calibration {

CublasGemmTypes cublas_gemm_types(Precision precision) {
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

std::string cublas_error_text(const char* api, cublasStatus_t status) {
  return std::string(api) + ": " + cublasGetStatusString(status) + " (" + cublasGetStatusName(status) + ")";
}

}  // namespace perfgate::calibration
