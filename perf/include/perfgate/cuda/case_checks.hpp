#pragma once
// The rules measure() applies, for GPU cases that do their own timing (on
// the host: allocations, module loads) or their own set-up:
//
//   if (!perfgate::cuda::device_ready(state)) return;       // skipped without a device
//   if (!perfgate::cuda::check(state, "cudaMalloc", cudaMalloc(&p, bytes))) return;
//
// Without a usable device the case is skipped with the reason; after a lost
// context it ends with the first cause; a failed call ends the case with
// "<api>: <error>" (a sticky one is remembered for the later cases).
//
// A case that needs several GPUs asks for them first:
//
//   if (!perfgate::cuda::require_gpus(state, 4)) return;    // "needs 4 GPUs, 1 present"
//
// so a runner with fewer GPUs reports it as SKIPPED with that reason and runs
// the cases it can (the suite exits 77 only when every case was skipped).

#include <benchmark/benchmark.h>
#include <cuda_runtime_api.h>

namespace perfgate::cuda {

bool device_ready(benchmark::State& state);
bool check(benchmark::State& state, const char* api, cudaError_t error);

// The GPUs this process sees (cudaGetDeviceCount after CUDA_VISIBLE_DEVICES,
// which ctest's allocation sets); 0 without a usable device.
int visible_gpu_count();

// device_ready(), and then at least `needed` visible GPUs: false after
// skipping the case with "needs <needed> GPUs, <n> present".
bool require_gpus(benchmark::State& state, int needed);

}  // namespace perfgate::cuda
