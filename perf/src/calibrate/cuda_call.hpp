#pragma once
// Calibration ends at the first failed call, with its name and error.

#include <string>

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include "perfgate/kernels/cublas_gemm_types.hpp"
#include "perfgate/cuda/check.hpp"
#include "perfgate/cuda/device_buffer.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate::calibration {

// The GEMM type table lives with the GEMM kernels (kernels/gemm).
using kernels::cublas_error_text;
using kernels::cublas_gemm_types;
using kernels::CublasGemmTypes;

inline void require(const char* api, cudaError_t error) {
  if (error != cudaSuccess) throw DeviceError(cuda::error_text(api, error));
}

inline void require(const char* api, cublasStatus_t status) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throw DeviceError(cublas_error_text(api, status));
}

// Device memory freed when it goes out of scope.
class DeviceBuffer : public cuda::DeviceBuffer {
 public:
  explicit DeviceBuffer(std::size_t bytes) { require("cudaMalloc", allocate(bytes)); }
};

}  // namespace perfgate::calibration
