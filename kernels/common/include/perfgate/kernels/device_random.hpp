#pragma once
// Random float inputs filled on the device: the values perfgate's
// fill_random() stores for FP32 (uniform in [-1, 1) from a splitmix64 hash
// of the index and `seed`), so a kernel's inputs match a case's.

#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

namespace perfgate::kernels {

cudaError_t fill_uniform(float* data, std::size_t count, std::uint64_t seed, cudaStream_t stream);

}  // namespace perfgate::kernels
