#include "perfgate/cuda/random_fill.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

namespace perfgate::cuda {
namespace {

// splitmix64: a different, well-mixed value for every (index, seed).
__host__ __device__ float uniform(std::uint64_t index, std::uint64_t seed) {
  std::uint64_t z = index + seed * 0x9E3779B97F4A7C15ull + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<float>(z >> 40) * (2.0f / 16777216.0f) - 1.0f;  // 24 bits -> [-1, 1)
}

template <class T>
__device__ T convert(float v) { return static_cast<T>(v); }
template <>
__device__ __half convert<__half>(float v) { return __float2half(v); }
template <>
__device__ __nv_bfloat16 convert<__nv_bfloat16>(float v) { return __float2bfloat16(v); }
template <>
__device__ __nv_fp8_e4m3 convert<__nv_fp8_e4m3>(float v) { return __nv_fp8_e4m3(v); }

template <class T>
__global__ void fill(T* data, std::size_t count, std::uint64_t seed) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    data[i] = convert<T>(uniform(i, seed));
}

template <class T>
cudaError_t launch(void* data, std::size_t count, std::uint64_t seed, cudaStream_t stream) {
  fill<T><<<1024, 256, 0, stream>>>(static_cast<T*>(data), count, seed);
  return cudaGetLastError();
}

}  // namespace

cudaError_t fill_random(void* data, std::size_t count, Precision precision, std::uint64_t seed, cudaStream_t stream) {
  switch (precision) {
    case Precision::fp64: return launch<double>(data, count, seed, stream);
    case Precision::fp32:
    case Precision::tf32: return launch<float>(data, count, seed, stream);
    case Precision::fp16: return launch<__half>(data, count, seed, stream);
    case Precision::bf16: return launch<__nv_bfloat16>(data, count, seed, stream);
    case Precision::fp8: return launch<__nv_fp8_e4m3>(data, count, seed, stream);
  }
  return cudaErrorInvalidValue;
}

float uniform_value(std::uint64_t index, std::uint64_t seed) { return uniform(index, seed); }

std::size_t element_bytes(Precision precision) {
  switch (precision) {
    case Precision::fp64: return 8;
    case Precision::fp32:
    case Precision::tf32: return 4;
    case Precision::fp16:
    case Precision::bf16: return 2;
    case Precision::fp8: return 1;
  }
  return 4;
}

}  // namespace perfgate::cuda
