#include "perfgate/kernels/device_random.hpp"

namespace perfgate::kernels {
namespace {

// splitmix64, as perfgate::cuda::fill_random (perf/src/cuda/random_fill.cu).
__device__ float uniform(std::uint64_t index, std::uint64_t seed) {
  std::uint64_t z = index + seed * 0x9E3779B97F4A7C15ull + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<float>(z >> 40) * (2.0f / 16777216.0f) - 1.0f;  // 24 bits -> [-1, 1)
}

__global__ void fill(float* data, std::size_t count, std::uint64_t seed) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    data[i] = uniform(i, seed);
}

}  // namespace

cudaError_t fill_uniform(float* data, std::size_t count, std::uint64_t seed, cudaStream_t stream) {
  fill<<<1024, 256, 0, stream>>>(data, count, seed);
  return cudaGetLastError();
}

}  // namespace perfgate::kernels
