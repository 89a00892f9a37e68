#pragma once
// Timing GPU work inside a Google Benchmark case:
//
//   void BM_saxpy(benchmark::State& state) {
//     ... allocate and fill inputs ...
//     perfgate::cuda::measure(state, [&](cudaStream_t s) { saxpy<<<g, b, 0, s>>>(...); });
//     perfgate::work(state).flops(2.0 * n).bytes_read(8.0 * n).bytes_written(4.0 * n);
//   }
//   PERFGATE_CUDA_BENCHMARK(BM_saxpy);
//
// measure() owns a non-blocking stream and runs untimed warm-up calls.  Each
// timed sample: [blocking kernel holds the stream] -> L2 flush (unless hot)
// -> SM clock reading -> start event -> `batch` calls -> stop event -> SM
// clock reading -> release; the time per call goes to SetIterationTime.
// NVTX ranges name the phases (warm-up, timed, flush) inside the case's range.
// In the traced pass (--perfgate_trace, a separate process) measure() runs
// the work under CUPTI instead of timing it (GpuTimer::trace).
// After the samples the repetition's mean SM clock becomes the counter
// sm_clock_mhz; under 75% of the maximum the repetition is marked throttled
// and left out of the gate's samples.  Every CUDA call is checked: an error
// ends this case with "<api>: <error>", an error that loses the context ends
// every later GPU case with one message; without a usable device the case is
// skipped with the reason.
//
// measure_gpus() is the same for work on several GPUs (below), and
// measure_sharded() (measure_sharded.hpp) for a sharded step split into
// compute and collective.  All three run one loop (timed_loop.hpp).

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <cuda_runtime_api.h>

#include "perfgate/cuda/device_memory.hpp"
#include "perfgate/cuda/timed_loop.hpp"
#include "perfgate/cuda/trace_work.hpp"
#include "perfgate/runtime/case_scope.hpp"
#include "perfgate/runtime/sm_clock.hpp"

namespace perfgate::count {
class KernelCountSession;
struct CountedCase;
}  // namespace perfgate::count

namespace perfgate::cuda {

struct MeasureOptions {
  bool hot = false;  // keep caches warm: no L2 flush before each sample
  int batch = 1;     // calls per timed sample; raise it for very short kernels
  int warmup = 1;    // untimed calls before the first sample
  // Queue each sample behind a blocking kernel so that launch latency is not
  // timed.  Turn it off for work that synchronizes with the host, or that
  // queues more launches per sample than the driver's queue holds (~1000).
  // Off by itself when warmup is 0 or batch over 256 (see GpuTimer).
  bool hide_latency = true;
  double blocking_timeout_s = 10.0;  // then the case fails: the work synchronized
  bool sample_clocks = true;         // read the SM clock around each sample
  // A repetition whose mean SM clock is below this fraction of the maximum
  // is throttled and left out.  Lower it for work whose normal clock is
  // lower: an H100 running dense tensor-core GEMMs holds its power limit at
  // 1440-1530 MHz, 73-77% of its 1980 MHz maximum (docs/gpu-runs.md).
  double throttle_fraction = kThrottleFraction;
};

// One GPU of a multi-GPU step: its device and the stream its work runs on.
struct GpuStream {
  int device = 0;
  cudaStream_t stream = nullptr;
};

class LaunchBlocker;
class GpuLane;

// The non-template part of measure() and measure_gpus(): a lane per GPU
// (gpu_lane.hpp: events, flush, clock probe) and one launch blocker for all.
class GpuTimer {
 public:
  // One GPU: a stream of its own on the case's device.  Ends the case
  // (skipped or failed) when it cannot time on a device.
  GpuTimer(benchmark::State& state, const MeasureOptions& options);
  // Several GPUs: the work's own streams, one per GPU, and `marks` events
  // per GPU that the work may record between start and stop (mark()).
  GpuTimer(benchmark::State& state, const MeasureOptions& options, const std::vector<GpuStream>& gpus, int marks = 0);
  ~GpuTimer();
  GpuTimer(const GpuTimer&) = delete;
  GpuTimer& operator=(const GpuTimer&) = delete;

  bool ready() const { return ready_; }
  cudaStream_t stream() const;  // the first GPU's
  int gpus() const { return static_cast<int>(lanes_.size()); }
  bool finish_warmup();  // waits for the warm-up and checks for errors
  bool start_sample();   // each GPU: block, flush unless hot, clock, start event
  bool mark(int gpu, int k);  // mark k on GPU `gpu`'s stream
  // Each GPU: stop event, clock; release, wait; the slowest GPU's
  // start-to-stop time goes to SetIterationTime.
  bool stop_sample();
  // The last sample's start-to-stop seconds per GPU, and start-to-mark k.
  const std::vector<double>& gpu_seconds() const { return seconds_; }
  std::optional<double> mark_seconds(int gpu, int k) const;
  void finish();  // clock and memory counters of the repetition

  // In the traced pass: whether this process traces instead of timing, and
  // the pass itself (one GPU): kTracedSamples x (L2 flush unless hot,
  // `batch` calls) under CUPTI, once per case; then the benchmark loop ends
  // at once.  Several GPUs trace with trace_work() (trace_work.hpp).  The
  // GPU counted pass (--perfgate_instructions) takes the same turn: 5
  // samples of `batch` calls under CUPTI's range profiler, each kernel
  // counted (count/kernel_count_session.hpp in perfgate's sources).
  static bool tracing();
  void trace(const std::function<void(cudaStream_t)>& launch);
  static constexpr int kTracedSamples = 10;

 private:
  bool several_gpus() const { return lanes_.size() > 1; }
  bool start_lanes_together();
  bool stop_lanes_together();
  bool valid_options();
  bool prepare(const std::vector<GpuStream>& gpus, int marks);
  bool check(const char* api, cudaError_t error);
  bool check(const GpuLane& lane, const char* api, cudaError_t error);
  bool fail(const std::string& message);
  bool each_lane(bool (GpuTimer::*step)(GpuLane&));
  bool warm_lane(GpuLane& lane);
  bool start_lane(GpuLane& lane);
  bool stop_lane(GpuLane& lane);
  bool wait_lane(GpuLane& lane);
  GpuLane* memory_lane() const;
  void run_traced_pass(const std::function<void(cudaStream_t)>& launch);
  void run_counted_pass(const std::function<void(cudaStream_t)>& launch);
  bool count_sample(count::KernelCountSession& session, const std::function<void(cudaStream_t)>& launch,
                    count::CountedCase& counted);

  benchmark::State& state_;
  MeasureOptions options_;
  std::vector<std::unique_ptr<GpuLane>> lanes_;
  std::unique_ptr<LaunchBlocker> blocker_;
  std::vector<double> seconds_;
  bool ready_ = false;
  // measure_gpus: its lanes' devices need not be current, so every step
  // selects them; measure(): the case's device is current throughout.
  bool select_each_call_ = false;
};

// Untimed warm-up calls inside the "warm-up" NVTX range; true (the timer's
// finish_warmup() checks them).
template <class Call>
bool warm_up_calls(int calls, Call&& call) {
  PhaseRange range(CasePhase::warmup);
  for (int i = 0; i < calls; ++i) call();
  return true;
}

// One timed sample of `batch` calls; true (the calls report errors through
// CUDA's last error, which the timer checks).
template <class Call>
bool batch_calls(int batch, Call&& call) {
  for (int i = 0; i < batch; ++i) call();
  return true;
}

template <class Launch>
void measure(benchmark::State& state, Launch&& launch, const MeasureOptions& options = {}) {
  GpuTimer timer(state, options);
  const auto call = [&] { launch(timer.stream()); };
  timed_loop(
      state, timer, options.batch, [&] { return warm_up_calls(options.warmup, call); },
      [&] { timer.trace([&](cudaStream_t stream) { launch(stream); }); }, [&] { return batch_calls(options.batch, call); },
      [] {});
}

// measure() for work that runs on several GPUs at once, such as a collective
// or a sharded step: `launch()` queues one call on every GPU's stream in
// `gpus` (devices 0 .. n-1, as trace_work traces them).  Each sample times
// every GPU with its own event pair behind one launch blocker, so all GPUs
// start together, and the sample's time is the slowest GPU's: the step ends
// for the job when its last GPU is done.  The SM clock is read on every GPU;
// the GPU furthest below its maximum gives sm_clock_mhz and the throttle
// check (group_clock, sm_clock.hpp).  The peak memory is the case's device's.
template <class Launch>
void measure_gpus(benchmark::State& state, const std::vector<GpuStream>& gpus, Launch&& launch,
                  const MeasureOptions& options = {}) {
  GpuTimer timer(state, options, gpus);
  const auto call = [&] { launch(); };
  timed_loop(
      state, timer, options.batch, [&] { return warm_up_calls(options.warmup, call); },
      [&] { trace_work(state, timer.gpus(), call); }, [&] { return batch_calls(options.batch, call); }, [] {});
}

}  // namespace perfgate::cuda

// GPU cases are timed by the GPU, so they use manual time; the Setup hook
// notes free device memory before the case allocates (its peak memory).  A
// case that needs a Setup of its own calls note_memory_before_case from it.
#define PERFGATE_CUDA_BENCHMARK(fn) \
  BENCHMARK(fn)->UseManualTime()->Setup(::perfgate::cuda::note_memory_before_case)
