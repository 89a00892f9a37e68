#include "l2_flush.hpp"

#include <map>
#include <mutex>

namespace perfgate::cuda {
namespace {
std::mutex buffers_mutex;
std::map<int, L2FlushBuffer> buffers;
}  // namespace

cudaError_t l2_flush_buffer(int device, L2FlushBuffer& buffer) {
  const std::lock_guard lock(buffers_mutex);
  L2FlushBuffer& cached = buffers[device];
  if (!cached.data) {
    int l2_bytes = 0;
    if (const cudaError_t e = cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, device); e != cudaSuccess) return e;
    const std::size_t bytes = 2 * static_cast<std::size_t>(l2_bytes);
    if (bytes > 0)
      if (const cudaError_t e = cudaMalloc(&cached.data, bytes); e != cudaSuccess) return e;
    cached.bytes = bytes;
  }
  buffer = cached;
  return cudaSuccess;
}

}  // namespace perfgate::cuda
