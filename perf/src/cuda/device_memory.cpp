#include "perfgate/cuda/device_memory.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>

#include <cuda_runtime_api.h>

#include "l2_flush.hpp"
#include "perfgate/cuda/availability.hpp"

namespace perfgate::cuda {
namespace {

// Free bytes before the current case; negative when no note was taken.
std::atomic<double> free_before_case{-1.0};

cudaMemPool_t default_pool(int device) {
  cudaMemPool_t pool = nullptr;
  if (cudaDeviceGetDefaultMemPool(&pool, device) != cudaSuccess) {
    cudaGetLastError();
    return nullptr;
  }
  return pool;
}

}  // namespace

void note_memory_before_case(const benchmark::State&) {
  free_before_case = -1.0;  // never an earlier case's reading
  const Availability& gpu = availability();
  if (!gpu.usable || cudaSetDevice(gpu.device) != cudaSuccess) return;
  // perfgate's own long-lived buffer first, so that it is not the case's.
  L2FlushBuffer flush;
  if (l2_flush_buffer(gpu.device, flush) != cudaSuccess) cudaGetLastError();
  std::size_t free_bytes = 0, total_bytes = 0;
  if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) {
    cudaGetLastError();
    return;
  }
  free_before_case = static_cast<double>(free_bytes);
  if (cudaMemPool_t pool = default_pool(gpu.device)) {
    std::uint64_t zero = 0;
    if (cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &zero) != cudaSuccess) cudaGetLastError();
  }
}

void DeviceMemoryPeak::sample() {
  const double before = free_before_case.load();
  if (before < 0) return;
  std::size_t free_bytes = 0, total_bytes = 0;
  if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) return;  // the timer reports errors
  double used = std::max(0.0, before - static_cast<double>(free_bytes));
  if (cudaMemPool_t pool = default_pool(device_)) {
    std::uint64_t high = 0;
    if (cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &high) == cudaSuccess)
      used = std::max(used, static_cast<double>(high));
  }
  peak_ = std::max(peak_.value_or(0.0), used);
}

std::optional<double> DeviceMemoryPeak::bytes() const { return peak_; }

}  // namespace perfgate::cuda
