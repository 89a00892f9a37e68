#include "pattern_fill.hpp"

#include "perfgate/kernels/collective_pattern.hpp"
#include "perfgate/kernels/grid_size.hpp"

namespace perfgate::kernels {
namespace {

__global__ void fill_pattern(float* data, std::size_t count, int rank) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    data[i] = pattern_value(rank, i);
}

}  // namespace

cudaError_t fill_collective_pattern(float* data, std::size_t count, int rank, cudaStream_t stream) {
  constexpr unsigned kThreads = 256;
  fill_pattern<<<grid_stride_blocks(count, kThreads), kThreads, 0, stream>>>(data, count, rank);
  return cudaGetLastError();
}

}  // namespace perfgate::kernels
