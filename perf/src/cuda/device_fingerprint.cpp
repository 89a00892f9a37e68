#include "cuda/device_fingerprint.hpp"


#include <cuda_runtime_api.h>

#include "perfgate/cuda/check.hpp"
#include "perfgate/model/errors.hpp"
#include "runtime/host_fingerprint.hpp"

namespace perfgate::cuda {
namespace {

void require(const char* api, cudaError_t error) {
  if (error != cudaSuccess) throw DeviceError(error_text(api, error));
}

int attribute(cudaDeviceAttr attr, int device) {
  int value = 0;
  require("cudaDeviceGetAttribute", cudaDeviceGetAttribute(&value, attr, device));
  return value;
}

// 13000 -> "13.0"
std::string cuda_version_text(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

}  // namespace

Fingerprint device_fingerprint(int device) {
  cudaDeviceProp properties{};
  require("cudaGetDeviceProperties", cudaGetDeviceProperties(&properties, device));
  Fingerprint f;
  f.kind = DeviceKind::gpu;
  f.name = properties.name;
  f.slug = make_slug(DeviceKind::gpu, f.name);
  f.compute_capability = std::to_string(properties.major) + "." + std::to_string(properties.minor);
  f.sm_count = properties.multiProcessorCount;
  f.memory_bytes = properties.totalGlobalMem;
  f.l2_bytes = static_cast<std::uint64_t>(properties.l2CacheSize);
  f.memory_bus_bits = properties.memoryBusWidth;
  f.ecc = properties.ECCEnabled != 0;
  f.max_sm_clock_mhz = attribute(cudaDevAttrClockRate, device) / 1000;           // kHz
  f.max_memory_clock_mhz = attribute(cudaDevAttrMemoryClockRate, device) / 1000;  // kHz
  int driver = 0, runtime = 0;
  require("cudaDriverGetVersion", cudaDriverGetVersion(&driver));
  require("cudaRuntimeGetVersion", cudaRuntimeGetVersion(&runtime));
  f.driver = cuda_version_text(driver);
  f.cuda_runtime = cuda_version_text(runtime);
  f.host_cpu = host_cpu_name();
  f.logical_cpus = host_fingerprint().logical_cpus;
  return f;
}

}  // namespace perfgate::cuda
