#pragma once
// One call of a workload sharded over G GPUs (kernels/scaling's
// ShardedEvolution and ShardedGradient: gpus(), stream(r),
// enqueue_compute(r), enqueue_collective()), timed as the scaling and
// supergrad suites time it: GpuTimer over every GPU's stream with one mark
// per GPU after its compute, no L2 flush (a training loop's steps find their
// operands in cache), the launch blocker starting every GPU at once (unless
// the call queues too many launches for it); the
// untimed first call checked by the suite; the traced pass under CUPTI; then
// the timed calls, each split into compute and collective
// (iteration_split.hpp).

#include <optional>
#include <string>
#include <vector>

#include "perfgate/perfgate.hpp"
#include "iteration_split.hpp"

namespace perfgate::scaling {

inline constexpr int kComputeDone = 0;            // the timer's one mark per GPU
inline constexpr double kStartGateTimeoutS = 10.0;

template <class Sharded>
std::vector<cuda::GpuStream> gpu_streams(const Sharded& sharded) {
  std::vector<cuda::GpuStream> streams;
  for (int r = 0; r < sharded.gpus(); ++r) streams.push_back({r, sharded.stream(r)});
  return streams;
}

// Queues one call; with a timer, each GPU's compute-done mark after its
// compute (the timer's start and stop events bracket the call).
template <class Sharded>
std::string queue_call(Sharded& sharded, cuda::GpuTimer* timer) {
  for (int r = 0; r < sharded.gpus(); ++r) {
    if (std::string error = sharded.enqueue_compute(r); !error.empty()) return error;
    if (timer && !timer->mark(r, kComputeDone)) return {};  // the timer failed the case
  }
  return sharded.enqueue_collective();
}

// The last sample's per-GPU times split into compute and collective; "" or
// what failed.
inline std::string read_split(const cuda::GpuTimer& timer, IterationSplit* split) {
  std::vector<RankTimes> ranks;
  for (int r = 0; r < timer.gpus(); ++r) {
    const auto compute = timer.mark_seconds(r, kComputeDone);
    if (!compute) return "cudaEventElapsedTime(compute done) on GPU " + std::to_string(r) + " failed";
    ranks.push_back({*compute, timer.gpu_seconds()[static_cast<std::size_t>(r)]});
  }
  *split = split_iteration(ranks);
  return {};
}

inline cuda::MeasureOptions sharded_call_options() {
  cuda::MeasureOptions options;
  options.hot = true;
  options.blocking_timeout_s = kStartGateTimeoutS;
  return options;
}

// The case's timed calls: `warm_up_and_check(sharded)` runs the untimed
// first call and checks it ("" or the problem), `ok(state, error)` reports
// a problem (false when there was one).  The calls' mean split, or nothing
// when the case failed, was skipped or ran its traced pass.  `options`:
// sharded_call_options(), without the launch blocker for a call of more
// launches than the driver's queue holds.
template <class Sharded, class WarmUp, class Ok>
std::optional<SplitMean> time_sharded_calls(benchmark::State& state, Sharded& sharded, WarmUp warm_up_and_check, Ok ok,
                                            const cuda::MeasureOptions& options = sharded_call_options()) {
  cuda::GpuTimer timer(state, options, gpu_streams(sharded), /*marks=*/1);
  if (!timer.ready() || !ok(state, warm_up_and_check(sharded)) || !timer.finish_warmup()) return std::nullopt;
  // The traced pass: the call under CUPTI, a track per GPU.
  if (cuda::GpuTimer::tracing()) {
    // cuBLAS and NCCL report by return value, not as CUDA's last error that
    // trace_work checks: the first one fails the case.
    std::string error;
    cuda::trace_work(state, sharded.gpus(), [&] {
      if (error.empty()) error = queue_call(sharded, nullptr);
    });
    ok(state, error);
    return std::nullopt;
  }
  SplitMean calls;
  PhaseRange range(CasePhase::timed);
  while (state.KeepRunning()) {
    if (!timer.start_sample()) continue;  // the case is failed; the loop ends
    // A failed call leaves marks unrecorded: its sample is not read.
    const bool queued = ok(state, queue_call(sharded, &timer));
    if (!timer.stop_sample() || !queued) continue;
    IterationSplit split;
    if (!ok(state, read_split(timer, &split))) continue;
    calls.add(split);
  }
  timer.finish();
  if (state.error_occurred()) return std::nullopt;
  return calls;
}

// What both suites record of a case's timed calls: the mean split, the
// collective's share, the imbalance, and the sharding.
inline void record_split_counters(benchmark::State& state, const SplitMean& calls, int gpus, int states_per_gpu) {
  const IterationSplit mean = calls.mean();
  state.counters["compute_s"] = mean.compute_s;
  state.counters["collective_s"] = mean.collective_s;
  state.counters["collective_pct"] = calls.collective_pct();
  state.counters["imbalance_pct"] = mean.imbalance_pct;
  state.counters["gpus"] = gpus;
  state.counters["states_per_gpu"] = states_per_gpu;
}

}  // namespace perfgate::scaling
