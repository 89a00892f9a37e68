#pragma once
// The one timed loop of perfgate's GPU cases, which each measurement mode
// (measure(), measure_gpus() in measure.hpp, measure_sharded() in
// measure_sharded.hpp) fills with its own steps:
//
//   timer ready? -> warm_up() -> timer.finish_warmup()
//   -> traced pass (--perfgate_trace): trace(), no timed samples
//   -> "timed" NVTX range: per KeepRunningBatch(batch):
//        timer.start_sample() -> sample() -> timer.stop_sample() -> after_sample()
//   -> timer.finish()
//
// One loop so that every mode fails, skips, traces and counts its samples
// the same way.  A failed start ends the sample (the timer failed the case,
// so KeepRunningBatch ends the loop); after_sample() runs only for a sample
// that was queued (sample() true) and stopped, since a failed call leaves
// its events unrecorded.  `Timer` is GpuTimer (measure.hpp); a template so
// that the loop's order is tested without a GPU.

#include <benchmark/benchmark.h>

#include "perfgate/runtime/case_scope.hpp"

namespace perfgate::cuda {

// warm_up() and sample(): false when they failed the case.  True when the
// timed samples ran (the case may still have failed in them), false when the
// case ended before them or ran its traced pass instead.
template <class Timer, class WarmUp, class Trace, class Sample, class AfterSample>
bool timed_loop(benchmark::State& state, Timer& timer, int batch, WarmUp&& warm_up, Trace&& trace, Sample&& sample,
                AfterSample&& after_sample) {
  if (!timer.ready() || !warm_up() || !timer.finish_warmup()) return false;
  if (timer.tracing()) {
    trace();
    return false;
  }
  PhaseRange range(CasePhase::timed);
  // One gbench iteration per call: a sample of `batch` calls counts as `batch`.
  while (state.KeepRunningBatch(batch)) {
    if (!timer.start_sample()) continue;  // the case is failed; the loop ends
    const bool queued = sample();
    if (!timer.stop_sample() || !queued) continue;
    after_sample();
  }
  timer.finish();
  return true;
}

}  // namespace perfgate::cuda
