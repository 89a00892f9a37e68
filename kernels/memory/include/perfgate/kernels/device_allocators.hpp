#pragma once
// Two ways code gets device memory for each step of its work:
//   - per-iteration cudaMalloc/cudaFree, as code without a caching allocator
//     does: cudaMalloc may and cudaFree does synchronize with the device;
//   - stream-ordered cudaMallocFromPoolAsync/cudaFreeAsync on a memory pool
//     whose release threshold keeps freed memory in the pool for reuse.
// Both are timed the same way by the memory suite: allocate, use (a small
// fill), free, per iteration.

#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

#include "perfgate/kernels/host_device.hpp"

namespace perfgate::kernels {

class DeviceAllocator {
 public:
  virtual ~DeviceAllocator() = default;
  virtual cudaError_t allocate(void** data, std::size_t bytes, cudaStream_t stream) = 0;
  virtual cudaError_t release(void* data, cudaStream_t stream) = 0;
};

class MallocAllocator final : public DeviceAllocator {
 public:
  cudaError_t allocate(void** data, std::size_t bytes, cudaStream_t) override { return cudaMalloc(data, bytes); }
  cudaError_t release(void* data, cudaStream_t) override { return cudaFree(data); }
};

class PoolAllocator final : public DeviceAllocator {
 public:
  PoolAllocator() = default;
  ~PoolAllocator() override;
  PoolAllocator(const PoolAllocator&) = delete;
  PoolAllocator& operator=(const PoolAllocator&) = delete;

  // A pool of its own on `device`, keeping up to `release_threshold` bytes
  // of freed memory (the default pool keeps none, releasing at every sync).
  cudaError_t create(int device, std::uint64_t release_threshold);
  cudaError_t allocate(void** data, std::size_t bytes, cudaStream_t stream) override {
    return cudaMallocFromPoolAsync(data, bytes, pool_, stream);
  }
  cudaError_t release(void* data, cudaStream_t stream) override { return cudaFreeAsync(data, stream); }

 private:
  cudaMemPool_t pool_ = nullptr;
};

// The "use" step: element i of the first `count` 32-bit words becomes
// pattern_value(i, seed).
cudaError_t launch_fill_pattern(std::uint32_t* data, std::size_t count, std::uint32_t seed, cudaStream_t stream);
PERFGATE_HOST_DEVICE inline std::uint32_t pattern_value(std::size_t i, std::uint32_t seed) {  // also the CPU reference
  return (static_cast<std::uint32_t>(i) * 2654435761u) ^ seed;
}

}  // namespace perfgate::kernels
