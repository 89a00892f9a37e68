#pragma once

#include <cstddef>

#include <cuda_runtime_api.h>

namespace perfgate::calibration {

// Copies `bytes` (a multiple of 16, 16-byte aligned buffers) with one
// 16-byte load and store per thread and no grid-stride loop: on an H100 the
// fastest of the copy kernels tried (3026 GB/s at 4 GiB, against 2790-2840
// for grid-stride loops with 4 or 8 loads in flight; docs/gpu-runs.md).
cudaError_t launch_vector_copy(const void* source, void* destination, std::size_t bytes, cudaStream_t stream);

}  // namespace perfgate::calibration
