#include "copy_kernel.hpp"

namespace perfgate::calibration {
namespace {

__global__ void copy16(const uint4* __restrict__ in, uint4* __restrict__ out, std::size_t n) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  for (; i + 3 * stride < n; i += 4 * stride) {
    const uint4 a = in[i], b = in[i + stride], c = in[i + 2 * stride], d = in[i + 3 * stride];
    out[i] = a;
    out[i + stride] = b;
    out[i + 2 * stride] = c;
    out[i + 3 * stride] = d;
  }
  for (; i < n; i += stride) out[i] = in[i];
}

}  // namespace

cudaError_t launch_vector_copy(const void* source, void* destination, std::size_t bytes, int sm_count,
                               cudaStream_t stream) {
  copy16<<<sm_count * 8, 512, 0, stream>>>(static_cast<const uint4*>(source), static_cast<uint4*>(destination),
                                           bytes / sizeof(uint4));
  return cudaGetLastError();
}

}  // namespace perfgate::calibration
