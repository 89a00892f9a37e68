#include "perfgate/kernels/fno_status.hpp"

#include "perfgate/kernels/cublas_gemm_types.hpp"
#include "perfgate/kernels/cuda_check.hpp"

namespace perfgate::kernels {

FnoStatus status_of(const char* api, cudaError_t error) {
  if (error == cudaSuccess) return {};
  if (error == cudaErrorMemoryAllocation) cudaGetLastError();  // not sticky: the next case may go on
  return {cuda_error_text(api, error), error == cudaErrorMemoryAllocation};
}

FnoStatus status_of(const char* api, cufftResult result) {
  if (result == CUFFT_SUCCESS) return {};
  cudaGetLastError();
  return {std::string(api) + ": cuFFT error " + std::to_string(static_cast<int>(result)) +
              (result == CUFFT_ALLOC_FAILED ? " (CUFFT_ALLOC_FAILED)" : ""),
          result == CUFFT_ALLOC_FAILED};
}

FnoStatus status_of(const char* api, cublasStatus_t status) {
  if (status == CUBLAS_STATUS_SUCCESS) return {};
  return {cublas_error_text(api, status), status == CUBLAS_STATUS_ALLOC_FAILED};
}

}  // namespace perfgate::kernels
