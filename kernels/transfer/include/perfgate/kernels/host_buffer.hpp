#pragma once
// Host memory a transfer reads or writes: pageable (plain malloc; the
// driver stages every copy through a pinned buffer of its own, and the copy
// call returns only when the host side is done) or pinned (page-locked with
// cudaMallocHost; the GPU's copy engines reach it directly, asynchronously).

#include <cstddef>

#include <cuda_runtime_api.h>

namespace perfgate::kernels {

class HostBuffer {
 public:
  HostBuffer() = default;
  ~HostBuffer();
  HostBuffer(const HostBuffer&) = delete;
  HostBuffer& operator=(const HostBuffer&) = delete;

  // Every page is touched, so first-touch page faults are not timed later.
  cudaError_t allocate(std::size_t bytes, bool pinned);
  void* data() const { return data_; }
  bool pinned() const { return pinned_; }

 private:
  void* data_ = nullptr;
  bool pinned_ = false;
};

}  // namespace perfgate::kernels
