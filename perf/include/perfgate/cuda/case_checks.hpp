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

#include <benchmark/benchmark.h>
#include <cuda_runtime_api.h>

namespace perfgate::cuda {

bool device_ready(benchmark::State& state);
bool check(benchmark::State& state, const char* api, cudaError_t error);

}  // namespace perfgate::cuda
