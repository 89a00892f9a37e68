// The sharded-batch workload of SuperGrad (docs/design.md, "scaling";
// kernels/scaling) on 1, 2, 4 and 8 GPUs of one machine, as separate cases:
//   scaling/strong/gpus:N  the total batch fixed (8192 states, 8192 / N per GPU)
//   scaling/weak/gpus:N    the batch per GPU fixed (2048 states per GPU)
// d = 256, 50 steps of psi <- U psi (complex128 GEMM), then one NCCL
// all-reduce of the overlap.  A case needing more GPUs than the machine has
// is skipped ("needs 4 GPUs, 1 present").
//
// Timing: every GPU's stream is held behind a start gate while its work is
// queued, so all start together; CUDA events on each GPU give its compute
// and its end; the call's time is the slowest GPU's (iteration_split.hpp).
// Counters, the mean over the repetition's calls: compute_s (the slowest
// GPU's compute), collective_s (the all-reduce after the last GPU arrived),
// collective_pct = 100 sum collective_s / sum time, imbalance_pct (slowest
// compute over the mean), gpus, states_per_gpu.  Work is declared per GPU
// (one shard: its GEMMs and overlap), so TFLOP/s and % of the ceiling are
// per GPU.  Figures: speed-up and efficiency (scaling_figures.hpp).
// Not under measure(): no SM clock reading or throttling check here.

#include <cmath>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "perfgate/cuda/launch_blocker.hpp"
#include "perfgate/kernels/cuda_check.hpp"
#include "perfgate/kernels/scaling_problem.hpp"
#include "perfgate/kernels/sharded_evolution.hpp"
#include "perfgate/perfgate.hpp"
#include "iteration_split.hpp"
#include "rank_events.hpp"
#include "scaling_figures.hpp"

namespace {

namespace kernels = perfgate::kernels;
using perfgate::cuda::LaunchBlocker;
using perfgate::scaling::IterationSplit;
using perfgate::scaling::RankEvents;
using perfgate::scaling::ScalingMode;

constexpr int kGpuCounts[] = {1, 2, 4, 8};
constexpr int kStrongTotalStates = 8192;
constexpr int kWeakStatesPerGpu = 2048;
constexpr double kGateTimeoutS = 10.0;
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

// Cases switch devices; the next case finds the device it started on.
class KeepCurrentDevice {
 public:
  KeepCurrentDevice() { cudaGetDevice(&device_); }
  ~KeepCurrentDevice() { cudaSetDevice(device_); }
  KeepCurrentDevice(const KeepCurrentDevice&) = delete;
  KeepCurrentDevice& operator=(const KeepCurrentDevice&) = delete;

 private:
  int device_ = 0;
};

std::string synchronize_all(const kernels::ShardedEvolution& e) {
  std::string first;
  for (int r = 0; r < e.gpus(); ++r) {
    cudaSetDevice(r);
    if (const cudaError_t err = cudaStreamSynchronize(e.stream(r)); err != cudaSuccess && first.empty())
      first = kernels::cuda_error_text("cudaStreamSynchronize", err);
  }
  return first;
}

// The gate's flags; "" or "<api>: <error>" like the other steps.
std::string allocate(LaunchBlocker& gate) {
  const cudaError_t e = gate.allocate();
  return e == cudaSuccess ? std::string() : kernels::cuda_error_text("cudaHostAlloc", e);
}

// Holds one GPU's stream; the blocker's flags are portable, so one blocker
// holds every GPU's and one release() starts them all.
std::string hold(LaunchBlocker& gate, cudaStream_t stream) {
  const cudaError_t e = gate.block(stream, kGateTimeoutS);
  return e == cudaSuccess ? std::string() : kernels::cuda_error_text("hold_stream<<<>>>", e);
}

// Queues one call (everything behind the gate when `gate` is given).
std::string queue_call(kernels::ShardedEvolution& e, LaunchBlocker* gate, RankEvents* events) {
  for (int r = 0; r < e.gpus(); ++r) {
    if (const cudaError_t err = cudaSetDevice(r); err != cudaSuccess) return kernels::cuda_error_text("cudaSetDevice", err);
    if (gate)
      if (std::string error = hold(*gate, e.stream(r)); !error.empty()) return error;
    if (events)
      if (std::string error = events->record(r, RankEvents::start, e.stream(r)); !error.empty()) return error;
  }
  for (int r = 0; r < e.gpus(); ++r) {
    if (std::string error = e.enqueue_compute(r); !error.empty()) return error;
    if (events)
      if (std::string error = events->record(r, RankEvents::compute_done, e.stream(r)); !error.empty()) return error;
  }
  if (std::string error = e.enqueue_collective(); !error.empty()) return error;
  for (int r = 0; r < e.gpus() && events; ++r) {
    cudaSetDevice(r);
    if (std::string error = events->record(r, RankEvents::collective_done, e.stream(r)); !error.empty()) return error;
  }
  return {};
}

// One timed call: queue behind the gate, release, wait, split.
std::string timed_call(kernels::ShardedEvolution& e, LaunchBlocker& gate, RankEvents& events, IterationSplit* split) {
  std::string error = queue_call(e, &gate, &events);
  gate.release();  // also after a failure: the held streams must not wait out the timeout
  if (std::string waited = synchronize_all(e); error.empty()) error = waited;
  if (gate.timed_out() && error.empty())
    error = "the GPUs waited over " + std::to_string(static_cast<int>(kGateTimeoutS)) +
            " s at the start gate: queuing the call waited for a GPU (a synchronizing call)";
  if (!error.empty()) return error;
  std::vector<perfgate::scaling::RankTimes> ranks;
  if (std::string read = events.times(&ranks); !read.empty()) return read;
  *split = perfgate::scaling::split_iteration(ranks);
  return {};
}

// The gate kernel's first launch on each device, alone: a first launch
// loads its module, which waits for the device.
std::string warm_up_gate(kernels::ShardedEvolution& e, LaunchBlocker& gate) {
  std::string error;
  for (int r = 0; r < e.gpus() && error.empty(); ++r) {
    cudaSetDevice(r);
    error = hold(gate, e.stream(r));
  }
  gate.release();
  if (std::string waited = synchronize_all(e); error.empty()) error = waited;
  return error;
}

// The untimed first call (module loading, cuBLAS's and NCCL's first launches
// wait for the GPU, so it cannot run behind the gate), and a check of its
// result like nccl-tests' #wrong: every rank holds the same reduced overlap,
// and it is finite with |overlap| <= the number of states (each term is an
// inner product of two unit vectors).
std::string warm_up_and_check(kernels::ShardedEvolution& e, LaunchBlocker& gate) {
  if (std::string error = warm_up_gate(e, gate); !error.empty()) return error;
  if (std::string error = queue_call(e, nullptr, nullptr); !error.empty()) return error;
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
  const IterationSplit mean = calls.mean();
  state.counters["compute_s"] = mean.compute_s;
  state.counters["collective_s"] = mean.collective_s;
  state.counters["collective_pct"] = calls.collective_pct();
  state.counters["imbalance_pct"] = mean.imbalance_pct;
  state.counters["gpus"] = gpus;
  state.counters["states_per_gpu"] = per_gpu;
  const kernels::ShardCost cost = kernels::shard_cost(kProblem, per_gpu);
  perfgate::work(state).flops(cost.flops).bytes_read(cost.bytes_read).bytes_written(cost.bytes_written)
      .precision(perfgate::Precision::fp64).matrix_shape(kProblem.dimension, per_gpu, kProblem.dimension);
}

void BM_scaling(benchmark::State& state, ScalingMode mode, int gpus) {
  if (!perfgate::cuda::device_ready(state) || !perfgate::cuda::require_gpus(state, gpus)) return;
  KeepCurrentDevice keep;
  const int per_gpu = states_per_gpu(mode, gpus);
  kernels::ShardedEvolution evolution;
  LaunchBlocker gate;
  RankEvents events;
  if (!ok(state, evolution.create(kProblem, propagator(), gpus, per_gpu)) || !ok(state, allocate(gate)) ||
      !ok(state, events.create(gpus)) || !ok(state, warm_up_and_check(evolution, gate)))
    return;
  // The traced pass: the steps and the all-reduce under CUPTI, a track per GPU.
  if (perfgate::cuda::GpuTimer::tracing())
    return perfgate::cuda::trace_work(state, gpus, [&] { queue_call(evolution, nullptr, nullptr); });
  perfgate::scaling::SplitMean calls;
  for (auto _ : state) {
    IterationSplit split;
    if (!ok(state, timed_call(evolution, gate, events, &split))) break;
    state.SetIterationTime(split.time_s);
    calls.add(split);
  }
  if (!state.error_occurred()) record_counters(state, calls, gpus, per_gpu);
}

int register_cases() {
  for (ScalingMode mode : {ScalingMode::strong, ScalingMode::weak})
    for (int gpus : kGpuCounts)
      perfgate::register_case(perfgate::scaling::gpus_case(prefix(mode), gpus), BM_scaling, mode, gpus)
          ->UseManualTime()
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
