#pragma once
// The device side of collective_pattern.hpp: fills an input buffer with
// pattern_value(rank, i) for i < count, the same function the host's
// expected values use.

#include <cstddef>

#include <cuda_runtime_api.h>

namespace perfgate::kernels {

cudaError_t fill_collective_pattern(float* data, std::size_t count, int rank, cudaStream_t stream);

}  // namespace perfgate::kernels
