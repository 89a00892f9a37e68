// The sharded-batch workload of SuperGrad (docs/design.md, "scaling";
// kernels/scaling) on 1, 2, 4 and 8 GPUs of one machine, as separate cases:
//   scaling/strong/gpus:N  the total batch fixed (8192 states, 8192 / N per GPU)
//   scaling/weak/gpus:N    the batch per GPU fixed (2048 states per GPU)
// d = 256, 50 steps of psi <- U psi (complex128 GEMM), then one NCCL
// all-reduce of the overlap.  A case needing more GPUs than the machine has
// is skipped ("needs 4 GPUs, 1 present").
//
// Timing: perfgate::cuda::measure_sharded (measure_sharded.hpp: GpuTimer
// over every GPU's stream, as measure_gpus): each GPU's stream is held
// behind one launch blocker while its work is queued, so all start
// together; each GPU's start and stop events and a mark after its compute
// give its compute and its end; the call's time is
// the slowest GPU's (iteration_split.hpp).  Every GPU's SM clock is read
// around each call; a repetition whose slowest-clocked GPU is throttled is
// left out, as for one GPU.
// Counters, the mean over the repetition's calls: compute_s (the slowest
// GPU's compute), collective_s (the all-reduce after the last GPU arrived),
// collective_pct = 100 sum collective_s / sum time, imbalance_pct (slowest
// compute over the mean), gpus, states_per_gpu.  Work is declared per GPU
// (one shard: its GEMMs and overlap), so TFLOP/s and % of the ceiling are
// per GPU.  Figures: speed-up and efficiency (scaling_figures.hpp).

#include <cmath>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "perfgate/kernels/cuda_check.hpp"
#include "perfgate/kernels/current_device.hpp"
#include "perfgate/kernels/scaling_problem.hpp"
#include "perfgate/kernels/sharded_evolution.hpp"
#include "perfgate/perfgate.hpp"
#include "iteration_split.hpp"
#include "sharded_call.hpp"
#include "scaling_figures.hpp"

namespace {

namespace kernels = perfgate::kernels;
using perfgate::scaling::ScalingMode;
using perfgate::cuda::queue_sharded_call;

constexpr int kGpuCounts[] = {1, 2, 4, 8};
constexpr int kStrongTotalStates = 8192;
constexpr int kWeakStatesPerGpu = 2048;
const kernels::ScalingProblem kProblem{.dimension = 256, .steps = 50, .dt = 0.05, .seed = 20};

std::string prefix(ScalingMode mode) { return std::string("scaling/") + perfgate::scaling::to_string(mode); }

int states_per_gpu(ScalingMode mode, int gpus) {
  return mode == ScalingMode::strong ? kStrongTotalStates / gpus : kWeakStatesPerGpu;
}

// Computed once per process: the cases' repetitions share it.
const kernels::ComplexMatrix& propagator() {
  static const kernels::ComplexMatrix u = kernels::scaling_propagator(kProblem);
  return u;
}

bool ok(benchmark::State& state, const std::string& error) {
  if (error.empty()) return true;
  if (!state.error_occurred()) state.SkipWithError(error.c_str());
  return false;
}

// The untimed first call (module loading, cuBLAS's and NCCL's first launches
// wait for the GPU, so it cannot run behind the start gate), and a check of
// its result like nccl-tests' #wrong: every rank holds the same reduced
// overlap, and it is finite with |overlap| <= the number of states (each
// term is an inner product of two unit vectors).
std::string warm_up_and_check(kernels::ShardedEvolution& e) {
  if (std::string error = queue_sharded_call(e, nullptr); !error.empty()) return error;
  kernels::Complex first;
  for (int r = 0; r < e.gpus(); ++r) {
    kernels::Complex overlap;
    if (std::string error = e.reduced_overlap(r, &overlap); !error.empty()) return error;
    if (r == 0) first = overlap;
    const double states = static_cast<double>(e.gpus()) * e.states_per_gpu();
    if (!std::isfinite(std::abs(overlap)) || std::abs(overlap) > states * (1 + 1e-9) ||
        std::abs(overlap - first) > 1e-9 * (1 + std::abs(first)))
      return "wrong all-reduced overlap on GPU " + std::to_string(r) + ": (" + std::to_string(overlap.real()) + ", " +
             std::to_string(overlap.imag()) + ") against GPU 0's (" + std::to_string(first.real()) + ", " +
             std::to_string(first.imag()) + ") for " + std::to_string(static_cast<long long>(states)) + " states";
  }
  return {};
}

void record_counters(benchmark::State& state, const perfgate::scaling::SplitMean& calls, int gpus, int per_gpu) {
  perfgate::scaling::record_split_counters(state, calls, gpus, per_gpu);
  const kernels::ShardCost cost = kernels::shard_cost(kProblem, per_gpu);
  perfgate::work(state).flops(cost.flops).bytes_read(cost.bytes_read).bytes_written(cost.bytes_written)
      .precision(perfgate::Precision::fp64).matrix_shape(kProblem.dimension, per_gpu, kProblem.dimension);
}

void BM_scaling(benchmark::State& state, ScalingMode mode, int gpus) {
  if (!perfgate::cuda::device_ready(state) || !perfgate::cuda::require_gpus(state, gpus)) return;
  kernels::CurrentDevice keep;  // cases switch devices; the next finds its own
  const int per_gpu = states_per_gpu(mode, gpus);
  kernels::ShardedEvolution evolution;
  if (!ok(state, evolution.create(kProblem, propagator(), gpus, per_gpu))) return;
  const auto calls = perfgate::scaling::time_sharded_calls(state, evolution, warm_up_and_check, ok);
  if (calls) record_counters(state, *calls, gpus, per_gpu);
}

int register_cases() {
  for (ScalingMode mode : {ScalingMode::strong, ScalingMode::weak})
    for (int gpus : kGpuCounts)
      perfgate::register_case(perfgate::scaling::gpus_case(prefix(mode), gpus), BM_scaling, mode, gpus)
          ->UseManualTime()
          ->Setup(perfgate::cuda::note_memory_before_case)  // its device_memory_peak_bytes
          ->MinTime(0.05);
  return 0;
}
const int registered = register_cases();

int register_figures() {
  const std::vector<int> counts(std::begin(kGpuCounts), std::end(kGpuCounts));
  for (ScalingMode mode : {ScalingMode::strong, ScalingMode::weak})
    for (perfgate::FigureDefinition& f : perfgate::scaling::scaling_figures(prefix(mode), mode, counts))
      perfgate::register_figure(std::move(f));
  return 0;
}
const int figures_registered = register_figures();

}  // namespace
