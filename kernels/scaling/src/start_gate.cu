#include "perfgate/kernels/start_gate.hpp"

#include <atomic>

#include "perfgate/kernels/cuda_check.hpp"

namespace perfgate::kernels {
namespace {

__device__ unsigned long long global_time_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__global__ void wait_for_release(volatile int* flags, unsigned long long timeout_ns) {
  const unsigned long long start = global_time_ns();
  while (flags[0] == 0) {
    if (global_time_ns() - start > timeout_ns) {
      flags[1] = 1;
      return;
    }
    __nanosleep(256);
  }
}

}  // namespace

StartGate::~StartGate() { cudaFreeHost(flags_); }

std::string StartGate::create(double timeout_s) {
  timeout_ns_ = static_cast<unsigned long long>(timeout_s * 1e9);
  void* p = nullptr;
  const cudaError_t e = cudaHostAlloc(&p, 2 * sizeof(int), cudaHostAllocMapped | cudaHostAllocPortable);
  if (e != cudaSuccess) return cuda_error_text("cudaHostAlloc", e);
  flags_ = static_cast<int*>(p);
  flags_[0] = flags_[1] = 0;
  return {};
}

std::string StartGate::hold(cudaStream_t stream) {
  // Mapped, portable memory under unified addressing: the host pointer is valid on every device.
  wait_for_release<<<1, 1, 0, stream>>>(flags_, timeout_ns_);
  const cudaError_t e = cudaGetLastError();
  return e == cudaSuccess ? std::string() : cuda_error_text("wait_for_release<<<>>>", e);
}

void StartGate::release() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  static_cast<volatile int*>(flags_)[0] = 1;
}

bool StartGate::rearm() {
  volatile int* flags = flags_;
  const bool timed_out = flags[1] != 0;
  flags[0] = 0;
  flags[1] = 0;
  std::atomic_thread_fence(std::memory_order_seq_cst);
  return timed_out;
}

}  // namespace perfgate::kernels
