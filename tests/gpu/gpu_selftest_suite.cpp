// A tiny GPU suite: saxpy over 16M floats, timed by perfgate::cuda::measure.

#include <cuda_runtime_api.h>

#include "perfgate/cuda/availability.hpp"
#include "perfgate/perfgate.hpp"
#include "test_kernels.cuh"

namespace {

void BM_saxpy(benchmark::State& state) {
  const int n = 1 << 24;
  float* x = nullptr;
  float* y = nullptr;
  const bool device = perfgate::cuda::availability().usable;
  if (device && (cudaMalloc(reinterpret_cast<void**>(&x), n * sizeof(float)) != cudaSuccess || cudaMalloc(reinterpret_cast<void**>(&y), n * sizeof(float)) != cudaSuccess)) {
    state.SkipWithError("cudaMalloc failed");
    return;
  }
  if (device) {
    cudaMemset(x, 0, n * sizeof(float));
    cudaMemset(y, 0, n * sizeof(float));
  }
  perfgate::cuda::measure(state, [&](cudaStream_t s) { perfgate::testing::launch_saxpy(2.0f, x, y, n, s); });
  state.SetBytesProcessed(state.iterations() * 3ll * n * static_cast<long long>(sizeof(float)));
  cudaFree(x);
  cudaFree(y);
}
PERFGATE_CUDA_BENCHMARK(BM_saxpy);

}  // namespace
