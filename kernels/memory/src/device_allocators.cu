#include "perfgate/kernels/device_allocators.hpp"

#include "perfgate/kernels/grid_size.hpp"

namespace perfgate::kernels {
namespace {

__global__ void fill_pattern(std::uint32_t* data, std::size_t count, std::uint32_t seed) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    data[i] = pattern_value(i, seed);
}

}  // namespace

PoolAllocator::~PoolAllocator() {
  if (pool_) cudaMemPoolDestroy(pool_);
}

cudaError_t PoolAllocator::create(int device, std::uint64_t release_threshold) {
  cudaMemPoolProps props{};
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = device;
  cudaError_t e = cudaMemPoolCreate(&pool_, &props);
  if (e == cudaSuccess) e = cudaMemPoolSetAttribute(pool_, cudaMemPoolAttrReleaseThreshold, &release_threshold);
  return e;
}

cudaError_t launch_fill_pattern(std::uint32_t* data, std::size_t count, std::uint32_t seed, cudaStream_t stream) {
  constexpr unsigned kThreads = 256;
  fill_pattern<<<grid_stride_blocks(count, kThreads), kThreads, 0, stream>>>(data, count, seed);
  return cudaGetLastError();
}

}  // namespace perfgate::kernels
