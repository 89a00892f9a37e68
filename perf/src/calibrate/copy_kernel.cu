#include "copy_kernel.hpp"

namespace perfgate::calibration {
namespace {

constexpr unsigned kThreads = 256;

__global__ void copy16(const uint4* __restrict__ in, uint4* __restrict__ out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = in[i];
}

}  // namespace

cudaError_t launch_vector_copy(const void* source, void* destination, std::size_t bytes, cudaStream_t stream) {
  const std::size_t n = bytes / sizeof(uint4);
  const auto blocks = static_cast<unsigned>((n + kThreads - 1) / kThreads);
  copy16<<<blocks, kThreads, 0, stream>>>(static_cast<const uint4*>(source), static_cast<uint4*>(destination), n);
  return cudaGetLastError();
}

}  // namespace perfgate::calibration
