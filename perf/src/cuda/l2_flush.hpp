#pragma once
// The buffer a cold sample is preceded by a memset of, so that the timed
// work starts with nothing of its own in L2.

#include <cstddef>

#include <cuda_runtime_api.h>

namespace perfgate::cuda {

struct L2FlushBuffer {
  void* data = nullptr;
  std::size_t bytes = 0;
};

// One buffer of twice the L2 size per device for the whole process:
// allocating it per sample would cost more than the flush (nvbench #100),
// and a memset of exactly L2 bytes can leave earlier lines resident under
// non-LRU replacement.  Never freed; the driver reclaims it with the context.
cudaError_t l2_flush_buffer(int device, L2FlushBuffer& buffer);

}  // namespace perfgate::cuda
