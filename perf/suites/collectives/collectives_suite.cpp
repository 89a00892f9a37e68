// NCCL collectives the way nccl-tests measures them: all-reduce, all-gather,
// reduce-scatter and broadcast of floats (sum; broadcast from rank 0), out of
// place and in place, on 1, 2, 4 and 8 GPUs driven by this one process
// (ncclCommInitAll, a stream per GPU), over sizes S = 8 B to 1 GiB in steps
// of x8 (10 sizes: nccl-tests' x2 steps would make 4 x 2 x 4 x 28 cases, far
// past the few minutes a gated suite may take).
//
// Time: perfgate::cuda::measure_gpus: each sample queues `batch` calls on
// every GPU between a CUDA event pair per GPU; the sample's time is the
// slowest GPU's start-to-stop time (a collective is done when its last rank
// is), per call: seconds / batch; every GPU's SM clock is read around the
// sample and a repetition whose slowest-clocked GPU is throttled is left out,
// as for one GPU.  Where the GPUs finish a call faster than the host queues
// the next (small sizes), the time is the host's queuing, as in nccl-tests'
// own timing (no launch blocker: collective_options says why).
// Counters, from this repetition's mean time per call t (nccl-tests'
// definitions, kernels/collectives/.../bus_bandwidth.hpp):
//   algbw = S / t (GB/s), busbw = algbw * factor (2(n-1)/n all-reduce,
//   (n-1)/n all-gather and reduce-scatter, 1 broadcast), bytes = S, and
//   #wrong: elements of any rank's output that differ from the value the
//   host computes, after one call on known inputs (checked once per case
//   and process); a #wrong above 0 makes the case an error.
// S follows nccl-tests: each rank's buffer for all-reduce and broadcast, the
// whole gathered output for all-gather, each rank's whole input for
// reduce-scatter.  All-gather and reduce-scatter need at least one element
// per rank, so their smallest sizes on many GPUs move n floats (bytes says
// how many).  A case that needs more GPUs than the process sees is skipped
// ("needs 8 GPUs, 1 present").
//
// Peer bandwidth: cudaMemcpyPeerAsync from GPU 0 to GPU 1 at the three
// largest sizes (skipped without peer access between them), and the derived
// figures busbw as a % of it: how close each collective gets to what one
// link carries.

#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/kernels/bus_bandwidth.hpp"
#include "perfgate/kernels/collective_run.hpp"
#include "perfgate/kernels/current_device.hpp"
#include "perfgate/kernels/nccl_communicators.hpp"
#include "perfgate/perfgate.hpp"

namespace {

namespace kernels = perfgate::kernels;
using kernels::Collective;

constexpr int kGpuCounts[] = {1, 2, 4, 8};
constexpr int kSizeSteps = 10;  // 8 B * 8^k, k = 0..9: 8 B ... 1 GiB
constexpr std::size_t kSmallestBytes = 8;
constexpr std::size_t kPeerSizes[] = {std::size_t{16} << 20, std::size_t{128} << 20, std::size_t{1} << 30};
constexpr std::size_t kFigureSizes[] = {std::size_t{128} << 20, std::size_t{1} << 30};
constexpr double kMinTime = 0.05;  // seconds per repetition

std::vector<std::size_t> sweep_sizes() {
  std::vector<std::size_t> sizes;
  for (int k = 0; k < kSizeSteps; ++k) sizes.push_back(kSmallestBytes << (3 * k));
  return sizes;
}

std::string collective_case(Collective c, bool in_place, int gpus, std::size_t bytes) {
  return "collectives/" + std::string(kernels::collective_name(c)) + (in_place ? "/in_place" : "/out_of_place") +
         "/gpus:" + std::to_string(gpus) + "/bytes:" + std::to_string(bytes);
}
std::string peer_case(std::size_t bytes) { return "collectives/peer_copy/gpus:2/bytes:" + std::to_string(bytes); }

// S / sizeof(float); all-gather and reduce-scatter split S over the ranks,
// so they get at least one element per rank (all-reduce and broadcast keep
// S, as nccl-tests' count does).
std::size_t sweep_elements(Collective c, std::size_t bytes, int gpus) {
  const std::size_t elements = bytes / sizeof(float);
  const bool split = c == Collective::all_gather || c == Collective::reduce_scatter;
  return split && elements < static_cast<std::size_t>(gpus) ? static_cast<std::size_t>(gpus) : elements;
}

// Calls per timed sample: small collectives take a few microseconds, and one
// per event pair would time the host's launch more than the GPUs.
int calls_per_sample(std::size_t bytes) { return bytes <= (std::size_t{16} << 20) ? 20 : 2; }

// ncclCommInitAll takes up to seconds on 8 GPUs and every repetition of a
// case calls the case function again: one set of communicators per GPU count
// for the whole process.  Never destroyed: destroying them during static
// destruction would race the CUDA runtime's own teardown; the process's exit
// frees them.
const kernels::NcclCommunicators* communicators(int gpus, std::string* problem) {
  static std::map<int, const kernels::NcclCommunicators*> made;
  static std::map<int, std::string> failed;  // a failure is not retried case after case
  if (const auto it = made.find(gpus); it != made.end()) return it->second;
  if (const auto it = failed.find(gpus); it != failed.end()) {
    *problem = it->second;
    return nullptr;
  }
  auto comms = kernels::NcclCommunicators::create(gpus, problem);
  if (!comms) {
    failed[gpus] = *problem;
    return nullptr;
  }
  return made[gpus] = new kernels::NcclCommunicators(std::move(*comms));
}

// #wrong of a case, checked on its first run in this process: the check
// copies every rank's output to the host, too slow to repeat per repetition.
std::optional<std::size_t> wrong_elements(kernels::CollectiveRun& run, std::string* problem) {
  static std::map<std::string, std::size_t> checked;
  const std::string& name = perfgate::current_case();
  if (const auto it = checked.find(name); it != checked.end()) return it->second;
  const auto wrong = run.check(problem);
  if (wrong) checked[name] = *wrong;
  return wrong;
}

void fail(benchmark::State& state, const std::string& problem) { state.SkipWithError(problem.c_str()); }

// Every rank's GPU and stream, for measure_gpus().
std::vector<perfgate::cuda::GpuStream> rank_streams(const kernels::NcclCommunicators& comms) {
  std::vector<perfgate::cuda::GpuStream> streams;
  for (int r = 0; r < comms.size(); ++r) streams.push_back({comms.device(r), comms.stream(r)});
  return streams;
}

// nccl-tests' timing: no L2 flush between samples.  No launch blocker:
// NCCL queues each call's work in a FIFO the GPUs drain, and with every
// stream held a batch of calls can fill it, so the host would wait on GPUs
// that wait on the host until the blocker's timeout.
perfgate::cuda::MeasureOptions collective_options(std::size_t bytes) {
  perfgate::cuda::MeasureOptions options;
  options.hot = true;
  options.hide_latency = false;
  options.batch = calls_per_sample(bytes);
  return options;
}

void BM_collective(benchmark::State& state, Collective c, bool in_place, int gpus, std::size_t bytes) {
  if (!perfgate::cuda::require_gpus(state, gpus)) return;  // no device, or too few
  std::string problem;
  const kernels::NcclCommunicators* comms = communicators(gpus, &problem);
  if (!comms) return fail(state, problem);
  kernels::CollectiveRun run(*comms, {c, in_place, sweep_elements(c, bytes, gpus)});
  if (!run.allocate(&problem))
    return fail(state, run.out_of_memory() ? std::string(perfgate::kSkipPrefix) + "not enough device memory: " + problem : problem);
  const auto wrong = wrong_elements(run, &problem);  // also the first, untimed call
  if (!wrong) return fail(state, problem);
  if (*wrong > 0)
    return fail(state, "#wrong = " + std::to_string(*wrong) + ": output elements differ from the expected values " +
                                 "(kernels/collectives/.../collective_pattern.hpp)");
  // The slowest GPU's time per call, with measure()'s clock and throttle checks.
  perfgate::cuda::measure_gpus(state, rank_streams(*comms), [&] {
    if (!run.enqueue(&problem) && !state.error_occurred()) fail(state, problem);
  }, collective_options(bytes));
  if (state.error_occurred()) return;
  // Rates over the manual (GPU) time: S / t and S * factor / t, t the mean
  // time per call (nccl-tests' algbw and busbw, in GB/s).
  const double gigabytes = static_cast<double>(run.bytes()) / 1e9;
  state.counters["algbw"] = benchmark::Counter(gigabytes, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["busbw"] =
      benchmark::Counter(gigabytes * kernels::bus_factor(c, gpus), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["bytes"] = run.bytes();
  state.counters["#wrong"] = static_cast<double>(*wrong);
}

bool enable_peer_access(benchmark::State& state, int device, int peer) {
  if (!perfgate::cuda::check(state, "cudaSetDevice", cudaSetDevice(device))) return false;
  const cudaError_t e = cudaDeviceEnablePeerAccess(peer, 0);
  if (e == cudaErrorPeerAccessAlreadyEnabled) {
    cudaGetLastError();  // not an error here; clear it
    return true;
  }
  return perfgate::cuda::check(state, "cudaDeviceEnablePeerAccess", e);
}

// GPU 0 -> GPU 1 with cudaMemcpyPeerAsync on GPU 0's stream: one link's
// bandwidth one way, what busbw is compared with.
void BM_peer_copy(benchmark::State& state, std::size_t bytes) {
  if (!perfgate::cuda::require_gpus(state, 2)) return;
  int can_access = 0;
  if (!perfgate::cuda::check(state, "cudaDeviceCanAccessPeer", cudaDeviceCanAccessPeer(&can_access, 0, 1))) return;
  if (!can_access) return state.SkipWithError("SKIPPED: GPU 0 has no peer access to GPU 1");
  if (!enable_peer_access(state, 1, 0) || !enable_peer_access(state, 0, 1)) return;
  perfgate::cuda::DeviceBuffer source, target;
  if (!perfgate::cuda::allocate(state, source, bytes)) return;
  {
    kernels::CurrentDevice on_gpu_1;  // GPU 0 current again on every path
    if (!perfgate::cuda::check(state, "cudaSetDevice", cudaSetDevice(1)) || !perfgate::cuda::allocate(state, target, bytes))
      return;
  }
  perfgate::cuda::MeasureOptions options;
  options.hot = true;  // over the link the L2 is no help
  perfgate::cuda::measure(state, [&](cudaStream_t s) {
    cudaMemcpyPeerAsync(target.get(), 1, source.get(), 0, bytes, s);
  }, options);
  state.counters["GB/s"] =
      benchmark::Counter(static_cast<double>(bytes) / 1e9, benchmark::Counter::kIsIterationInvariantRate);
}

int register_cases() {
  // Every case notes free memory before it allocates: its peak is its own.
  auto gpu_case = [](benchmark::internal::Benchmark* b) {
    b->UseManualTime()->MinTime(kMinTime)->Setup(perfgate::cuda::note_memory_before_case);
  };
  for (Collective c : kernels::kCollectives)
    for (bool in_place : {false, true})
      for (int gpus : kGpuCounts)
        for (std::size_t bytes : sweep_sizes())
          gpu_case(perfgate::register_case(collective_case(c, in_place, gpus, bytes), BM_collective, c, in_place, gpus,
                                           bytes));
  for (std::size_t bytes : kPeerSizes) {
    gpu_case(perfgate::register_case(peer_case(bytes), BM_peer_copy, bytes));
  }
  return 0;
}
const int registered = register_cases();

// 100 * busbw / peer bandwidth at the same size, from the two medians:
// 100 * (factor * S / median(collective)) / (P / median(peer copy)), S the
// collective's bytes, P the copy's.
perfgate::FigureDefinition busbw_pct_of_peer(Collective c, int gpus, std::size_t bytes) {
  const std::size_t count = kernels::collective_counts(c, sweep_elements(c, bytes, gpus), gpus).count;
  const double s = kernels::algorithm_bytes(c, count, sizeof(float), gpus);
  const double factor = kernels::bus_factor(c, gpus);
  perfgate::FigureDefinition f;
  f.name = "collectives/" + std::string(kernels::collective_name(c)) + "/gpus:" + std::to_string(gpus) + "/bytes:" +
           std::to_string(bytes) + "/busbw_pct_of_peer";
  f.unit = "%";
  f.inputs = {collective_case(c, false, gpus, bytes), peer_case(bytes)};
  char factor_text[32];
  std::snprintf(factor_text, sizeof factor_text, "%.6g", factor);
  f.formula = "100 * (" + std::string(factor_text) + " * " + std::to_string(static_cast<long long>(s)) +
              " B / median(" + f.inputs[0] + ")) / (" + std::to_string(bytes) + " B / median(" + f.inputs[1] + "))";
  f.derive = [s, factor, bytes](const std::vector<double>& medians, std::string*) -> std::optional<double> {
    return 100.0 * (factor * s / medians[0]) / (static_cast<double>(bytes) / medians[1]);
  };
  return f;
}

int register_figures() {
  for (Collective c : kernels::kCollectives)
    for (int gpus : kGpuCounts)
      if (gpus > 1)
        for (std::size_t bytes : kFigureSizes) perfgate::register_figure(busbw_pct_of_peer(c, gpus, bytes));
  return 0;
}
const int figures_registered = register_figures();

}  // namespace
