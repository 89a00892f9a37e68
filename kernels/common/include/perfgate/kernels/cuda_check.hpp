#pragma once
// CUDA errors in the kernels' words (the same words as perfgate's runtime):
// "cudaMalloc: out of memory (cudaErrorMemoryAllocation)".

#include <stdexcept>
#include <string>

#include <cuda_runtime_api.h>

namespace perfgate::kernels {

inline std::string cuda_error_text(const char* api, cudaError_t error) {
  return std::string(api) + ": " + cudaGetErrorString(error) + " (" + cudaGetErrorName(error) + ")";
}

// Throws std::runtime_error with cuda_error_text() when the call failed.
inline void cuda_check(const char* api, cudaError_t error) {
  if (error != cudaSuccess) throw std::runtime_error(cuda_error_text(api, error));
}

}  // namespace perfgate::kernels
