// SuperGrad's gradients (issue 29; kernels/supergrad: control_problem.hpp,
// gradient_reference.hpp, sharded_gradient.hpp): the gradient of the
// fidelity-type loss with respect to K control amplitudes, by the adjoint
// (LCAM's shape: states re-derived backwards, memory O(1) in T) and by the
// stored tape (TAD's shape: every state kept, memory O(T)), sharded along
// the batch over 1, 2, 4 and 8 GPUs with one NCCL all-reduce of the
// gradient:
//   supergrad/<method>/gpus:N    2048 states in all (2048 / N per GPU), T = 100
//   supergrad/<method>/steps:T   one GPU, 4096 states, T = 100 .. 25600 (x2):
//                                where the tape stops fitting (a T that does
//                                not fit is skipped: out of device memory)
// d = 128 (7 two-level qubits), K = 4, complex128 as SuperGrad runs.
//
// Timing and counters as the scaling suite's (its GpuTimer over every GPU's
// stream, the call's time the slowest GPU's; iteration_split.hpp), without
// the launch blocker (launches_per_call):
// compute_s, collective_s, collective_pct, imbalance_pct, gpus,
// states_per_gpu, steps; gradient_device_bytes (one GPU's allocation by the
// method: gradient_cost.hpp), device_memory_peak_bytes (measured: the fall in
// free memory); work per GPU (gradient_cost).  Figures: supergrad_figures.hpp.
// The untimed first call is checked against itself on every GPU (finite,
// equal everywhere, the loss at most the number of states); the values
// against the float64 reference are the GPU tests' (tests/gpu/gradient_test.cpp).

#include <cmath>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "perfgate/kernels/current_device.hpp"
#include "perfgate/kernels/gradient_cost.hpp"
#include "perfgate/kernels/sharded_gradient.hpp"
#include "perfgate/perfgate.hpp"
#include "iteration_split.hpp"
#include "sharded_call.hpp"
#include "supergrad_figures.hpp"

namespace {

namespace kernels = perfgate::kernels;
using kernels::GradientMethod;
using perfgate::cuda::queue_sharded_call;

constexpr int kGpuCounts[] = {1, 2, 4, 8};
constexpr int kTotalStates = 2048;
constexpr int kSweepStates = 4096;
// The tape holds T + 1 blocks of 8 MiB (128 x 4096 complex128): 50 GiB at
// T = 6400, 100 GiB at 12800, 200 GiB at 25600, so the sweep crosses the
// limit of an 80 GB H100 (after 6400) and of a 141 GB H200 (after 12800).
constexpr int kSweptSteps[] = {100, 200, 400, 800, 1600, 3200, 6400, 12800, 25600};

kernels::ControlProblem problem(int steps) {
  kernels::ControlProblem p;
  p.dimension = 128;
  p.controls = 4;
  p.steps = steps;
  p.dt = 0.05;
  p.seed = 29;
  return p;
}

// V and its derivatives do not depend on T: computed once per process.
const kernels::StepOperators& step() {
  static const kernels::StepOperators operators = [] {
    const kernels::ControlProblem p = problem(1);
    return kernels::step_operators(p, kernels::amplitudes(p));
  }();
  return operators;
}

bool ok(benchmark::State& state, const std::string& error) {
  if (error.empty()) return true;
  if (state.error_occurred()) return false;
  // Only "this does not fit here" skips the case: the sweep's point.
  if (error.find("cudaErrorMemoryAllocation") != std::string::npos) {
    const std::string message = std::string(perfgate::kSkipPrefix) + "out of device memory: " + error;
    state.SkipWithError(message.c_str());
  } else {
    state.SkipWithError(error.c_str());
  }
  return false;
}

// The untimed first call, and a check of its result like nccl-tests'
// #wrong: every GPU holds the same loss and gradient, finite, the loss at
// most the number of states (each term |<target|psi>|^2 of unit vectors).
std::string warm_up_and_check(kernels::ShardedGradient& g) {
  if (std::string error = queue_sharded_call(g, nullptr); !error.empty()) return error;
  double first_loss = 0.0;
  std::vector<double> first;
  const double states = static_cast<double>(g.gpus()) * g.states_per_gpu();
  for (int r = 0; r < g.gpus(); ++r) {
    double loss = 0.0;
    std::vector<double> gradient;
    if (std::string error = g.reduced_gradient(r, &loss, &gradient); !error.empty()) return error;
    if (r == 0) first_loss = loss, first = gradient;
    bool same = std::isfinite(loss) && loss >= 0 && loss <= states * (1 + 1e-9) &&
                std::fabs(loss - first_loss) <= 1e-9 * (1 + first_loss);
    for (std::size_t k = 0; k < gradient.size(); ++k)
      same = same && std::isfinite(gradient[k]) && std::fabs(gradient[k] - first[k]) <= 1e-9 * (1 + std::fabs(first[k]));
    if (!same)
      return "wrong all-reduced gradient on GPU " + std::to_string(r) + ": loss " + std::to_string(loss) + " against GPU 0's " +
             std::to_string(first_loss) + " for " + std::to_string(static_cast<long long>(states)) + " states";
  }
  return {};
}

void record_counters(benchmark::State& state, const perfgate::scaling::SplitMean& calls, const kernels::ControlProblem& p,
                     GradientMethod method, int gpus, int per_gpu) {
  perfgate::scaling::record_split_counters(state, calls, gpus, per_gpu);
  state.counters["steps"] = p.steps;
  state.counters["gradient_device_bytes"] = static_cast<double>(kernels::gradient_device_bytes(p, method, per_gpu));
  const kernels::GradientCost cost = kernels::gradient_cost(p, method, per_gpu);
  perfgate::work(state).flops(cost.flops).bytes_read(cost.bytes_read).bytes_written(cost.bytes_written)
      .precision(perfgate::Precision::fp64).matrix_shape(p.dimension, per_gpu, p.dimension);
}

// Launches one call queues on each GPU: T forward GEMMs; a backward step's
// inverse step (the adjoint's), K derivative GEMMs, K dot products (up to
// two kernels each) and mu's step; a few around them.  The launch blocker
// holds every stream while a call is queued, and the driver's queue takes
// ~1000 launches: past that the host would wait for a GPU that waits for
// the host, until the blocker's timeout.  Without it each GPU's time also
// holds the host's queueing of the GPUs before it (one thread drives them
// all, as SuperGrad's process does): the call's time, the slowest GPU's, is
// the call as the host drives it, and imbalance_pct shows the queueing.
std::size_t launches_per_call(const kernels::ControlProblem& p) {
  return static_cast<std::size_t>(p.steps) * static_cast<std::size_t>(2 + 3 * p.controls) + 8;
}

perfgate::cuda::MeasureOptions gradient_options(const kernels::ControlProblem& p) {
  perfgate::cuda::MeasureOptions options = perfgate::cuda::sharded_options();
  options.hide_latency = launches_per_call(p) <= 500;
  return options;
}

void BM_gradient(benchmark::State& state, GradientMethod method, int gpus, int per_gpu, int steps) {
  if (!perfgate::cuda::device_ready(state) || !perfgate::cuda::require_gpus(state, gpus)) return;
  kernels::CurrentDevice keep;  // cases switch devices; the next finds its own
  const kernels::ControlProblem p = problem(steps);
  kernels::ShardedGradient gradient;
  if (!ok(state, gradient.create(p, step(), method, gpus, per_gpu))) return;
  const auto calls = perfgate::scaling::time_sharded_calls(state, gradient, warm_up_and_check, ok, gradient_options(p));
  if (calls) record_counters(state, *calls, p, method, gpus, per_gpu);
}

benchmark::internal::Benchmark* gpu_case(benchmark::internal::Benchmark* b) {
  return b->UseManualTime()->Setup(perfgate::cuda::note_memory_before_case)->MinTime(0.05);
}

int register_cases() {
  for (GradientMethod method : {GradientMethod::adjoint, GradientMethod::tape}) {
    const std::string name = kernels::to_string(method);
    for (int gpus : kGpuCounts)
      gpu_case(perfgate::register_case(perfgate::supergrad::gpus_case(name, gpus), BM_gradient, method, gpus,
                                       kTotalStates / gpus, 100));
    for (int steps : kSweptSteps)
      gpu_case(perfgate::register_case(perfgate::supergrad::steps_case(name, steps), BM_gradient, method, 1, kSweepStates, steps));
  }
  return 0;
}
const int registered = register_cases();

int register_figures() {
  const std::vector<int> counts(std::begin(kGpuCounts), std::end(kGpuCounts));
  const std::vector<int> steps(std::begin(kSweptSteps), std::end(kSweptSteps));
  for (perfgate::FigureDefinition& f : perfgate::supergrad::supergrad_figures(counts, steps))
    perfgate::register_figure(std::move(f));
  return 0;
}
const int figures_registered = register_figures();

}  // namespace
