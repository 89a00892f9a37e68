#pragma once
// The traced pass (--perfgate_trace) for cases that time their own work,
// such as a collective or a sharded step over several GPUs, which
// measure() (one stream on one device) cannot time:
//
//   if (perfgate::cuda::GpuTimer::tracing())
//     return perfgate::cuda::trace_work(state, gpus, [&] { one_iteration(); });
//   ... the case's own timing ...
//
// In the traced pass's process, trace_work runs `work` GpuTimer::kTracedSamples
// times under CUPTI (once per case, as the case's "work" phase: its kernels,
// NCCL's among them, go into the per-kernel summary), waits for devices
// 0..gpus-1, files the records under the case (one Chrome trace per case, one
// process track per GPU named "GPU <index>: <model>", the traces of a
// "gpus:<n>" case in the folder gpus-<n>/), and ends the benchmark loop with
// nominal times.  No L2 flush runs between the samples.  `work` launches
// asynchronously on the case's own streams; a CUDA error while waiting
// fails the case with "<api>: <error>".  In the GPU counted pass's process
// (--perfgate_instructions), trace_work counts 5 calls of `work` instead,
// each kernel on the case's current device through CUPTI's range profiler.

#include <functional>

#include <benchmark/benchmark.h>

namespace perfgate::cuda {

void trace_work(benchmark::State& state, int gpus, const std::function<void()>& work);

}  // namespace perfgate::cuda
