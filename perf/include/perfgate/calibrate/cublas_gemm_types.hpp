#pragma once
// How a GEMM of each precision is asked of cublasGemmEx: the storage type
// of A, B and C and the compute type.  One table for the calibration and
// for the built-in GEMM suite, so the ceiling and the cases it is compared
// with run the same cuBLAS configuration.

#include <string>

#include <cublas_v2.h>

#include "perfgate/model/precision.hpp"

namespace perfgate::calibration {

struct CublasGemmTypes {
  cudaDataType_t data;          // A, B and C
  cublasComputeType_t compute;  // accumulation (and tensor-core use)
  const char* label;            // for reports: "BF16 in/out, FP32 accumulate"
};

// FP64, FP32 (pedantic: no TF32, no reduced-precision reductions), TF32,
// FP16 and BF16 (FP32 accumulation).  FP8 is not a cublasGemmEx type: it
// throws std::invalid_argument.
CublasGemmTypes cublas_gemm_types(Precision precision);

// "<api>: <status string> (<status name>)".
std::string cublas_error_text(const char* api, cublasStatus_t status);

}  // namespace perfgate::calibration
