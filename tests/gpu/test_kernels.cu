#include "test_kernels.cuh"

namespace perfgate::testing {
namespace {

__global__ void saxpy(float a, const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void nothing() {}

}  // namespace

void launch_saxpy(float a, const float* x, float* y, int n, cudaStream_t stream) {
  saxpy<<<(n + 255) / 256, 256, 0, stream>>>(a, x, y, n);
}

void launch_invalid(cudaStream_t stream) { nothing<<<1, 4096, 0, stream>>>(); }

}  // namespace perfgate::testing
