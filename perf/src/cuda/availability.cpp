#include "perfgate/cuda/availability.hpp"

#include <cuda_runtime_api.h>

#include "perfgate/cuda/check.hpp"

namespace perfgate::cuda {
namespace {

Availability probe() {
  Availability a;
  const cudaError_t error = cudaGetDeviceCount(&a.device_count);
  if (error != cudaSuccess) {
    a.reason = "no CUDA device: " + error_text("cudaGetDeviceCount", error);
    cudaGetLastError();  // clear it so later calls do not report it again
    return a;
  }
  if (a.device_count == 0) {
    a.reason = "no CUDA device: cudaGetDeviceCount found 0 devices";
    return a;
  }
  a.usable = true;
  return a;
}

}  // namespace

const Availability& availability() {
  static const Availability answer = probe();
  return answer;
}

}  // namespace perfgate::cuda
