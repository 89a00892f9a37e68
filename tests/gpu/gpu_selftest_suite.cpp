// A small GPU suite for perfgate's own end-to-end checks: saxpy over 16M
// floats, timed by perfgate::cuda::measure, with its work declared.  With
// PERFGATE_SELFTEST_FAULT=illegal_address the middle case writes through a
// null pointer, which loses the CUDA context for the rest of the process.

#include <cstdlib>
#include <string>

#include <cuda_runtime_api.h>

#include "perfgate/cuda/availability.hpp"
#include "perfgate/kernels/probe_kernels.hpp"
#include "perfgate/perfgate.hpp"
#include "perfgate/runtime/work.hpp"

namespace {

constexpr int kCount = 1 << 24;

bool fault_requested() {
  const char* fault = std::getenv("PERFGATE_SELFTEST_FAULT");
  return fault && std::string(fault) == "illegal_address";
}

void saxpy_case(benchmark::State& state, bool fault) {
  float* x = nullptr;
  float* y = nullptr;
  if (perfgate::cuda::availability().usable) {
    if (cudaMalloc(reinterpret_cast<void**>(&x), kCount * sizeof(float)) != cudaSuccess ||
        cudaMalloc(reinterpret_cast<void**>(&y), kCount * sizeof(float)) != cudaSuccess) {
      state.SkipWithError("cudaMalloc failed");
      return;
    }
    cudaMemset(x, 0x3f, kCount * sizeof(float));  // 0.75-ish, not zeros
    cudaMemset(y, 0x3e, kCount * sizeof(float));
  }
  perfgate::cuda::measure(state, [&](cudaStream_t s) {
    if (fault) perfgate::kernels::launch_illegal_write(s);
    perfgate::kernels::launch_saxpy(2.0f, x, y, kCount, s);
  });
  perfgate::work(state).flops(2.0 * kCount).bytes_read(8.0 * kCount).bytes_written(4.0 * kCount);
  cudaFree(x);
  cudaFree(y);
}

void BM_saxpy(benchmark::State& state) { saxpy_case(state, false); }
void BM_saxpy_fault(benchmark::State& state) { saxpy_case(state, fault_requested()); }
void BM_saxpy_after(benchmark::State& state) { saxpy_case(state, false); }

PERFGATE_CUDA_BENCHMARK(BM_saxpy);
PERFGATE_CUDA_BENCHMARK(BM_saxpy_fault);
PERFGATE_CUDA_BENCHMARK(BM_saxpy_after);

}  // namespace
