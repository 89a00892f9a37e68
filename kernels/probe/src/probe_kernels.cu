#include "perfgate/kernels/probe_kernels.hpp"

namespace perfgate::kernels {
namespace {

__device__ std::uint64_t global_ns() {
  std::uint64_t ns;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
  return ns;
}

__global__ void empty() {}

__global__ void spin(std::uint64_t nanoseconds) {
  const std::uint64_t start = global_ns();
  while (global_ns() - start < nanoseconds) {
  }
}

__global__ void read_sum(const float4* data, std::size_t count4, float* out) {
  float sum = 0.0f;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count4;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
    const float4 v = data[i];
    sum += v.x + v.y + v.z + v.w;
  }
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, sum);
}

__global__ void saxpy(float a, const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void illegal_write(int* nowhere) { *nowhere = 1; }

int sm_count() {
  int device = 0, count = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device);
  return count > 0 ? count : 1;
}

}  // namespace

void launch_empty(cudaStream_t stream) { empty<<<1, 1, 0, stream>>>(); }

void launch_spin(std::uint64_t nanoseconds, cudaStream_t stream) { spin<<<1, 1, 0, stream>>>(nanoseconds); }

void launch_read_sum(const float* data, std::size_t count, float* out, cudaStream_t stream) {
  static const int blocks = 4 * sm_count();  // enough loads in flight to reach full bandwidth
  read_sum<<<blocks, 512, 0, stream>>>(reinterpret_cast<const float4*>(data), count / 4, out);
}

void launch_saxpy(float a, const float* x, float* y, int n, cudaStream_t stream) {
  saxpy<<<(n + 255) / 256, 256, 0, stream>>>(a, x, y, n);
}

void launch_illegal_write(cudaStream_t stream) { illegal_write<<<1, 1, 0, stream>>>(nullptr); }

void launch_invalid_configuration(cudaStream_t stream) { empty<<<1, 4096, 0, stream>>>(); }

}  // namespace perfgate::kernels
