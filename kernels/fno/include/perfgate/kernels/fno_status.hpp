#pragma once
// The outcome of an FNO call that crosses CUDA, cuFFT and cuBLAS: empty
// when it worked, else "<api>: <error>".  Running out of device memory is
// told apart, since a batch-size sweep records it as the limit.

#include <string>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <cufft.h>

namespace perfgate::kernels {

struct FnoStatus {
  std::string error;
  bool out_of_memory = false;
  bool ok() const { return error.empty(); }
};

FnoStatus status_of(const char* api, cudaError_t error);
FnoStatus status_of(const char* api, cufftResult result);
FnoStatus status_of(const char* api, cublasStatus_t status);

}  // namespace perfgate::kernels
