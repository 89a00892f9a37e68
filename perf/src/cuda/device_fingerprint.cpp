#include "cuda/device_fingerprint.hpp"

#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "perfgate/cuda/check.hpp"
#include "perfgate/platform/errors.hpp"
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

int p2p_attribute(cudaDeviceP2PAttr attr, int from, int to) {
  int value = 0;
  require("cudaDeviceGetP2PAttribute", cudaDeviceGetP2PAttribute(&value, attr, from, to));
  return value;
}

GpuModel gpu_model(int device) {
  cudaDeviceProp properties{};
  require("cudaGetDeviceProperties", cudaGetDeviceProperties(&properties, device));
  char bus_id[32] = {};
  require("cudaDeviceGetPCIBusId", cudaDeviceGetPCIBusId(bus_id, sizeof bus_id, device));
  return {properties.name, bus_id};
}

// As the runtime reports it; whether the path is NVLink or PCIe it does not
// say (NVML would), so the fingerprint claims neither.
PeerLink peer_link(int from, int to) {
  PeerLink link;
  link.from = from;
  link.to = to;
  link.access = p2p_attribute(cudaDevP2PAttrAccessSupported, from, to) != 0;
  link.performance_rank = p2p_attribute(cudaDevP2PAttrPerformanceRank, from, to);
  link.native_atomics = p2p_attribute(cudaDevP2PAttrNativeAtomicSupported, from, to) != 0;
  return link;
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

Fingerprint gpus_fingerprint(int count) {
  Fingerprint f = device_fingerprint(0);
  f.gpu_count = count;
  std::vector<std::string> models;
  for (int device = 0; device < count; ++device) {
    f.gpus.push_back(gpu_model(device));
    models.push_back(f.gpus.back().name);
  }
  for (int from = 0; from < count; ++from)
    for (int to = 0; to < count; ++to)
      if (from != to) f.peers.push_back(peer_link(from, to));
  f.slug = gpus_slug(models);
  return f;
}

}  // namespace perfgate::cuda
