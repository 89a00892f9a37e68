#pragma once

#include <cstddef>

#include <cuda_runtime_api.h>

namespace perfgate::calibration {

// Copies `bytes` (a multiple of 16, 16-byte aligned buffers) with 16-byte
// loads and stores, four independent loads in flight per thread: the
// streaming kernel a memory-bound user kernel can at best be.
cudaError_t launch_vector_copy(const void* source, void* destination, std::size_t bytes, int sm_count,
                               cudaStream_t stream);

}  // namespace perfgate::calibration
