#include "perfgate/cuda/availability.hpp"

#include <dlfcn.h>

#include <cuda_runtime_api.h>

#include "perfgate/cuda/check.hpp"

namespace perfgate::cuda {
namespace {

// The driver's library, which the runtime loads at its first call.  Absent,
// the runtime says "CUDA driver version is insufficient for CUDA runtime
// version", which reads as if a driver were there and merely old.
bool driver_library_loads() {
  void* driver = ::dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (!driver) return false;
  ::dlclose(driver);
  return true;
}

// Why cudaGetDeviceCount failed, in words for a report: a machine without
// an NVIDIA driver (the usual CPU-only CI runner) is said plainly, with the
// runtime's error name kept in parentheses.
std::string unavailable_reason(cudaError_t error) {
  const bool no_driver = error == cudaErrorStubLibrary || (error == cudaErrorInsufficientDriver && !driver_library_loads());
  if (no_driver)
    return std::string("no CUDA device: no NVIDIA driver or GPU on this machine (cudaGetDeviceCount: ") +
           cudaGetErrorName(error) + ")";
  return "no CUDA device: " + error_text("cudaGetDeviceCount", error);
}

Availability probe() {
  Availability a;
  const cudaError_t error = cudaGetDeviceCount(&a.device_count);
  if (error != cudaSuccess) {
    a.reason = unavailable_reason(error);
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
