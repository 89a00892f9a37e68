#include "perfgate/cuda/launch_blocker.hpp"

namespace perfgate::cuda {
namespace {

__device__ unsigned long long global_ns() {
  unsigned long long ns;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
  return ns;
}

__global__ void hold_stream(volatile int* flags, unsigned long long timeout_ns) {
  const unsigned long long start = global_ns();
  while (flags[0] == 0) {
    if (global_ns() - start > timeout_ns) {
      flags[1] = 1;
      return;
    }
  }
}

}  // namespace

LaunchBlocker::~LaunchBlocker() {
  if (!flags_) return;
  release();  // never leave a kernel spinning behind us
  cudaFreeHost(const_cast<int*>(flags_));
}

cudaError_t LaunchBlocker::allocate() {
  if (flags_) return cudaSuccess;
  void* host = nullptr;
  if (const cudaError_t e = cudaHostAlloc(&host, 2 * sizeof(int), cudaHostAllocMapped | cudaHostAllocPortable); e != cudaSuccess) return e;
  flags_ = static_cast<volatile int*>(host);
  flags_[0] = 1;
  flags_[1] = 0;
  void* device = nullptr;
  if (const cudaError_t e = cudaHostGetDevicePointer(&device, host, 0); e != cudaSuccess) return e;
  device_flags_ = static_cast<int*>(device);
  return cudaSuccess;
}

cudaError_t LaunchBlocker::block(cudaStream_t stream, double timeout_s) {
  flags_[0] = 0;
  flags_[1] = 0;
  const auto timeout_ns = static_cast<unsigned long long>(timeout_s * 1e9);
  hold_stream<<<1, 1, 0, stream>>>(device_flags_, timeout_ns);
  const cudaError_t launched = cudaGetLastError();
  if (launched != cudaSuccess) flags_[0] = 1;
  return launched;
}

void LaunchBlocker::release() {
  if (flags_) flags_[0] = 1;
}

bool LaunchBlocker::timed_out() const { return flags_ && flags_[1] != 0; }

}  // namespace perfgate::cuda
