#pragma once
// A measurement mode beside measure_gpus(): one call of a workload sharded
// over G GPUs, timed so that each sample splits into compute and collective
// (the scaling and supergrad suites, perf/suites/sharded).  The workload:
//
//   int gpus() const;  cudaStream_t stream(int r) const;  // GPU r = device r
//   std::string enqueue_compute(int r);                  // "" or what failed
//   std::string enqueue_collective();                    // "" or what failed
//
// As measure_gpus(): GpuTimer over every GPU's stream, one launch blocker
// starting every GPU at once (unless the call queues too many launches for
// it: hide_latency off), the slowest GPU's time.  Unlike it: a mark on each
// GPU after its compute (kComputeDone, read with timer.mark_seconds), no L2
// flush by default (a training loop's steps find their operands in cache),
// one call a sample, a warm-up of the caller's (one call it checks), and
// cuBLAS's and NCCL's errors, reported by return value, fail the case
// through the caller's `ok`.

#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "perfgate/cuda/measure.hpp"
#include "perfgate/cuda/timed_loop.hpp"
#include "perfgate/cuda/trace_work.hpp"

namespace perfgate::cuda {

inline constexpr int kComputeDone = 0;  // the timer's one mark per GPU
inline constexpr double kShardedStartTimeoutS = 10.0;

template <class Sharded>
std::vector<GpuStream> sharded_streams(const Sharded& sharded) {
  std::vector<GpuStream> streams;
  for (int r = 0; r < sharded.gpus(); ++r) streams.push_back({r, sharded.stream(r)});
  return streams;
}

// Queues one call; with a timer, each GPU's compute-done mark after its
// compute (the timer's start and stop events bracket the call).  "" or what
// failed ("" too when the timer failed the case).
template <class Sharded>
std::string queue_sharded_call(Sharded& sharded, GpuTimer* timer) {
  for (int r = 0; r < sharded.gpus(); ++r) {
    if (std::string error = sharded.enqueue_compute(r); !error.empty()) return error;
    if (timer && !timer->mark(r, kComputeDone)) return {};  // the timer failed the case
  }
  return sharded.enqueue_collective();
}

inline MeasureOptions sharded_options() {
  MeasureOptions options;
  options.hot = true;
  options.blocking_timeout_s = kShardedStartTimeoutS;
  return options;
}

// The case's timed calls: `warm_up_and_check(sharded)` runs the untimed
// first call and checks it ("" or the problem), `ok(state, error)` reports a
// problem (false when there was one), `after_sample(timer)` reads each
// timed call's times (its "" or what failed goes to `ok`).  True when the
// timed calls ran and the case did not fail; false when it failed, was
// skipped or ran its traced pass (the call under CUPTI, a track per GPU).
// options.warmup and options.batch are not used: one checked warm-up call,
// one call a sample.
template <class Sharded, class WarmUp, class Ok, class AfterSample>
bool measure_sharded(benchmark::State& state, Sharded& sharded, WarmUp&& warm_up_and_check, Ok&& ok,
                     AfterSample&& after_sample, const MeasureOptions& options = sharded_options()) {
  GpuTimer timer(state, options, sharded_streams(sharded), /*marks=*/1);
  const bool timed = timed_loop(
      state, timer, /*batch=*/1, [&] { return ok(state, warm_up_and_check(sharded)); },
      [&] {
        // The first error the work returns fails the case: trace_work checks
        // only CUDA's last error.
        std::string error;
        trace_work(state, sharded.gpus(), [&] {
          if (error.empty()) error = queue_sharded_call(sharded, nullptr);
        });
        ok(state, error);
      },
      // A failed call leaves marks unrecorded: its sample is not read.
      [&] { return ok(state, queue_sharded_call(sharded, &timer)); },
      [&] { ok(state, after_sample(static_cast<const GpuTimer&>(timer))); });
  return timed && !state.error_occurred();
}

}  // namespace perfgate::cuda
