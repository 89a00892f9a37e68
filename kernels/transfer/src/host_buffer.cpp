#include "perfgate/kernels/host_buffer.hpp"

#include <cstdlib>
#include <cstring>

namespace perfgate::kernels {

HostBuffer::~HostBuffer() {
  if (!data_) return;
  if (pinned_)
    cudaFreeHost(data_);
  else
    std::free(data_);
}

cudaError_t HostBuffer::allocate(std::size_t bytes, bool pinned) {
  pinned_ = pinned;
  if (pinned) {
    if (const cudaError_t e = cudaMallocHost(&data_, bytes); e != cudaSuccess) return e;
  } else {
    data_ = std::aligned_alloc(4096, (bytes + 4095) / 4096 * 4096);
    if (!data_) return cudaErrorMemoryAllocation;
  }
  std::memset(data_, 0x3c, bytes);
  return cudaSuccess;
}

}  // namespace perfgate::kernels
