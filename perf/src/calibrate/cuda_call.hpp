#pragma once
// Calibration ends at the first failed call, with its name and error.

#include <string>

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include "perfgate/cuda/check.hpp"
#include "perfgate/model/errors.hpp"

namespace perfgate::calibration {

inline void require(const char* api, cudaError_t error) {
  if (error != cudaSuccess) throw DeviceError(cuda::error_text(api, error));
}

inline void require(const char* api, cublasStatus_t status) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throw DeviceError(std::string(api) + ": " + cublasGetStatusString(status) + " (" + cublasGetStatusName(status) + ")");
}

// Device memory freed when it goes out of scope.
class DeviceBuffer {
 public:
  explicit DeviceBuffer(std::size_t bytes) { require("cudaMalloc", cudaMalloc(&data_, bytes)); }
  ~DeviceBuffer() { cudaFree(data_); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  void* get() const { return data_; }

 private:
  void* data_ = nullptr;
};

}  // namespace perfgate::calibration
