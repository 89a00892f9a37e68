#pragma once
// The timed calls of a workload sharded over G GPUs (kernels/scaling's
// ShardedEvolution and ShardedGradient), as the scaling and supergrad suites
// record them: perfgate::cuda::measure_sharded (the measurement mode, its
// timer's mark after each GPU's compute) times them, and each call's
// per-GPU times are split into compute and collective (iteration_split.hpp).

#include <optional>
#include <string>
#include <vector>

#include "perfgate/cuda/measure_sharded.hpp"
#include "perfgate/perfgate.hpp"
#include "iteration_split.hpp"

namespace perfgate::scaling {

// The last sample's per-GPU times split into compute and collective; "" or
// what failed.
inline std::string read_split(const cuda::GpuTimer& timer, IterationSplit* split) {
  std::vector<RankTimes> ranks;
  for (int r = 0; r < timer.gpus(); ++r) {
    const auto compute = timer.mark_seconds(r, cuda::kComputeDone);
    if (!compute) return "cudaEventElapsedTime(compute done) on GPU " + std::to_string(r) + " failed";
    ranks.push_back({*compute, timer.gpu_seconds()[static_cast<std::size_t>(r)]});
  }
  *split = split_iteration(ranks);
  return {};
}

// The case's timed calls through cuda::measure_sharded (its
// `warm_up_and_check`, `ok` and `options`: cuda::sharded_options(), without
// the launch blocker for a call of more launches than the driver's queue
// holds).  The calls' mean split, or nothing when the case failed, was
// skipped or ran its traced pass.
template <class Sharded, class WarmUp, class Ok>
std::optional<SplitMean> time_sharded_calls(benchmark::State& state, Sharded& sharded, WarmUp warm_up_and_check, Ok ok,
                                            const cuda::MeasureOptions& options = cuda::sharded_options()) {
  SplitMean calls;
  const auto add_split = [&](const cuda::GpuTimer& timer) {
    IterationSplit split;
    std::string error = read_split(timer, &split);
    if (error.empty()) calls.add(split);
    return error;
  };
  if (!cuda::measure_sharded(state, sharded, warm_up_and_check, ok, add_split, options)) return std::nullopt;
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
