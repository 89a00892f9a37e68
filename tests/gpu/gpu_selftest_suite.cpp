// A small GPU suite for perfgate's own end-to-end checks: saxpy over 16M
// floats, timed by perfgate::cuda::measure, with its work declared, and a
// cuBLAS BF16 GEMM (cuBLAS launches its kernels through the driver API).  With
// PERFGATE_SELFTEST_FAULT=illegal_address the middle case writes through a
// null pointer, which loses the CUDA context for the rest of the process;
// with PERFGATE_SELFTEST_FAULT=extra_kernel, selftest/saxpy launches an
// empty kernel after each saxpy (a planted change the per-kernel
// comparison must report as a NEW kernel).

#include <cstdlib>
#include <string>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include "perfgate/kernels/probe_kernels.hpp"
#include "perfgate/perfgate.hpp"

namespace {

constexpr int kCount = 1 << 24;

bool fault_requested(const char* which) {
  const char* fault = std::getenv("PERFGATE_SELFTEST_FAULT");
  return fault && std::string(fault) == which;
}

void saxpy_case(benchmark::State& state, bool fault, bool extra_kernel = false) {
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
    if (extra_kernel) perfgate::kernels::launch_empty(s);
  });
  perfgate::work(state).flops(2.0 * kCount).bytes_read(8.0 * kCount).bytes_written(4.0 * kCount);
  cudaFree(x);
  cudaFree(y);
}

void BM_saxpy(benchmark::State& state) { saxpy_case(state, false); }
void BM_saxpy_fault(benchmark::State& state) { saxpy_case(state, fault_requested("illegal_address")); }
void BM_saxpy_after(benchmark::State& state) { saxpy_case(state, false); }

PERFGATE_CUDA_BENCHMARK(BM_saxpy);
PERFGATE_CUDA_BENCHMARK(BM_saxpy_fault);
PERFGATE_CUDA_BENCHMARK(BM_saxpy_after);

// Registered by name, so NVTX and the traced pass know the running case.
void saxpy_named(benchmark::State& state) { saxpy_case(state, false, fault_requested("extra_kernel")); }

// C = A B at 512^3 in BF16 (FP32 accumulation) through cublasGemmEx: on
// CUDA 13 cuBLAS launches these kernels with cuLaunchKernelEx, the driver
// API (docs/gpu-runs.md), which the traced pass must attribute too.
void cublas_gemm_bf16(benchmark::State& state) {
  constexpr int n = 512;
  constexpr std::size_t bytes = 3 * std::size_t{n} * n * 2;
  char* matrices = nullptr;
  cublasHandle_t handle = nullptr;
  if (perfgate::cuda::availability().usable) {
    if (cudaMalloc(reinterpret_cast<void**>(&matrices), bytes) != cudaSuccess ||
        cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) {
      state.SkipWithError("cudaMalloc or cublasCreate failed");
      cudaFree(matrices);
      return;
    }
    cudaMemset(matrices, 0, bytes);
  }
  const float one = 1.0f, zero = 0.0f;
  const std::size_t matrix = std::size_t{n} * n * 2;
  perfgate::cuda::measure(state, [&](cudaStream_t s) {
    cublasSetStream(handle, s);
    cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, matrices, CUDA_R_16BF, n, matrices + matrix,
                 CUDA_R_16BF, n, &zero, matrices + 2 * matrix, CUDA_R_16BF, n, CUBLAS_COMPUTE_32F,
                 CUBLAS_GEMM_DEFAULT);
  });
  perfgate::work(state).flops(2.0 * n * n * n).bytes_read(4.0 * n * n).bytes_written(2.0 * n * n);
  if (handle) cublasDestroy(handle);
  cudaFree(matrices);
}

const int registered = [] {
  perfgate::register_case("selftest/saxpy", saxpy_named)->UseManualTime()->Setup(perfgate::cuda::note_memory_before_case);
  perfgate::register_case("selftest/cublas_gemm_bf16", cublas_gemm_bf16)
      ->UseManualTime()
      ->Setup(perfgate::cuda::note_memory_before_case);
  return 0;
}();

}  // namespace
