#include <cstdio>
#include "perfgate/model/counter_names.hpp"
#include <string>

#include "clock_probe.hpp"
#include "l2_flush.hpp"
#include "perfgate/cuda/availability.hpp"
#include "perfgate/cuda/case_checks.hpp"
#include "perfgate/cuda/check.hpp"
#include "perfgate/cuda/launch_blocker.hpp"
#include "perfgate/cuda/measure.hpp"
#include "perfgate/model/results.hpp"
#include "perfgate/runtime/run_collector.hpp"
#include "trace/cupti_session.hpp"
#include "trace/traced_cases.hpp"

namespace perfgate::cuda {
namespace {

// More calls than this per sample could fill the driver's launch queue while
// the blocker holds the stream; such batches amortise launch latency anyway.
constexpr int kMaxBlockedBatch = 256;

std::string timeout_message(double seconds) {
  char limit[32];
  std::snprintf(limit, sizeof limit, "%g", seconds);
  return std::string("perfgate::cuda::measure: the launch blocker timed out after ") + limit +
         " s: the measured work waited for the GPU while the stream was held (cudaStreamSynchronize, "
         "cudaDeviceSynchronize, cudaMalloc/cudaFree, a copy from pageable memory, the first launch of a kernel "
         "the warm-up did not run) or queued too many launches; measure it with MeasureOptions{.hide_latency = false}";
}

}  // namespace

GpuTimer::GpuTimer(benchmark::State& state, const MeasureOptions& options) : state_(state), options_(options) {
  if (!device_ready(state_)) return;
  if (options_.batch < 1 || options_.warmup < 0 || !(options_.blocking_timeout_s > 0) ||
      !(options_.throttle_fraction > 0 && options_.throttle_fraction <= 1)) {
    state_.SkipWithError(
        "perfgate::cuda::measure: batch must be >= 1, warmup >= 0, blocking_timeout_s > 0 and throttle_fraction in (0, 1]");
    return;
  }
  // Without a warm-up call the first sample would launch the work's kernels
  // for the first time behind the blocker; with lazy module loading (CUDA's
  // default) that first launch waits for the GPU, i.e. for the blocker.
  options_.hide_latency = options_.hide_latency && options_.batch <= kMaxBlockedBatch && options_.warmup > 0;
  ready_ = prepare(availability().device);
}

bool GpuTimer::prepare(int device) {
  int sm_count = 0;
  if (!check("cudaSetDevice", cudaSetDevice(device)) ||
      !check("cudaStreamCreateWithFlags", cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)) ||
      !check("cudaEventCreate", cudaEventCreate(&start_)) || !check("cudaEventCreate", cudaEventCreate(&stop_)) ||
      !check("cudaDeviceGetAttribute(ClockRate)", cudaDeviceGetAttribute(&max_sm_clock_mhz_, cudaDevAttrClockRate, device)) ||
      !check("cudaDeviceGetAttribute(MultiProcessorCount)",
             cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device)))
    return false;
  max_sm_clock_mhz_ /= 1000;  // kHz
  if (!options_.hot) {
    L2FlushBuffer flush;
    if (!check("cudaMalloc(L2 flush buffer)", l2_flush_buffer(device, flush))) return false;
    flush_buffer_ = flush.data;
    flush_bytes_ = flush.bytes;
  }
  if (options_.hide_latency) {
    blocker_ = std::make_unique<LaunchBlocker>();
    if (!check("cudaHostAlloc(launch blocker)", blocker_->allocate())) return false;
  }
  if (options_.sample_clocks) {
    clock_ = std::make_unique<ClockProbe>();
    if (!check("cudaHostAlloc(clock probe)", clock_->allocate(sm_count))) return false;
  }
  memory_ = std::make_unique<DeviceMemoryPeak>(device);
  return true;
}

GpuTimer::~GpuTimer() {
  // Errors here cannot be reported any more; the case already has its result.
  if (blocker_) blocker_->release();
  if (start_) cudaEventDestroy(start_);
  if (stop_) cudaEventDestroy(stop_);
  if (stream_) {
    cudaStreamSynchronize(stream_);  // the blocker's memory must outlive its kernel
    cudaStreamDestroy(stream_);
  }
}

bool GpuTimer::fail(const std::string& message) {
  if (blocker_) blocker_->release();
  if (!state_.error_occurred()) state_.SkipWithError(message.c_str());
  ready_ = false;
  return false;
}

bool GpuTimer::check(const char* api, cudaError_t error) {
  if (error == cudaSuccess) return true;
  cuda::check(state_, api, error);  // records the error (and a lost context)
  return fail("");
}

bool GpuTimer::finish_warmup() {
  if (!check("warm-up launch", cudaGetLastError())) return false;
  // The probe kernels are launched once here too: a first launch loads its
  // module, which must not happen while the blocker holds the stream.
  if (clock_ && !check("clock probe launch", clock_->read(stream_, 0))) return false;
  if (!check("cudaStreamSynchronize(warm-up)", cudaStreamSynchronize(stream_))) return false;
  if (blocker_) {
    if (!check("launch blocker", blocker_->block(stream_, options_.blocking_timeout_s))) return false;
    blocker_->release();
    if (!check("cudaStreamSynchronize(launch blocker)", cudaStreamSynchronize(stream_))) return false;
  }
  memory_->sample();
  return true;
}

bool GpuTimer::flush_l2() {
  if (options_.hot || !flush_buffer_) return true;
  PhaseRange range(CasePhase::flush);
  return check("cudaMemsetAsync(L2 flush)", cudaMemsetAsync(flush_buffer_, 0, flush_bytes_, stream_));
}

bool GpuTimer::start_sample() {
  if (clock_) clock_->reset();
  if (blocker_ && !check("launch blocker", blocker_->block(stream_, options_.blocking_timeout_s))) return false;
  if (!flush_l2()) return false;
  if (clock_ && !check("clock probe launch", clock_->read(stream_, 0))) return false;
  return check("cudaEventRecord(start)", cudaEventRecord(start_, stream_));
}

bool GpuTimer::stop_sample() {
  // The stop event is queued first: any host call before it (even the
  // launch-error check) would be timed while the GPU idles.  The work's
  // launch errors are read before the probe's launch, which would take them.
  if (!check("cudaEventRecord(stop)", cudaEventRecord(stop_, stream_)) ||
      !check("kernel launch", cudaGetLastError()))
    return false;
  if (clock_ && !check("clock probe launch", clock_->read(stream_, 1))) return false;
  if (blocker_) blocker_->release();
  if (!check("cudaStreamSynchronize", cudaStreamSynchronize(stream_))) return false;
  if (blocker_ && blocker_->timed_out()) return fail(timeout_message(options_.blocking_timeout_s));
  float milliseconds = 0.0f;
  if (!check("cudaEventElapsedTime", cudaEventElapsedTime(&milliseconds, start_, stop_))) return false;
  if (clock_) clock_average_.add(clock_->reading(0), clock_->reading(1));
  state_.SetIterationTime(static_cast<double>(milliseconds) / 1e3);
  return true;
}

void GpuTimer::finish() {
  if (!ready_ || state_.error_occurred()) return;
  memory_->sample();
  if (auto peak = memory_->bytes()) state_.counters[counter::kDeviceMemoryPeakBytes] = *peak;
  const auto mhz = clock_average_.mhz();
  if (!mhz) return;
  const double clock = *mhz * clock_reading_scale();
  state_.counters[counter::kSmClockMhz] = clock;
  if (is_throttled(clock, max_sm_clock_mhz_, options_.throttle_fraction)) state_.counters[kThrottledCounter] = 1.0;
}

bool GpuTimer::tracing() { return trace::trace_pass_process(); }

void GpuTimer::trace(const std::function<void(cudaStream_t)>& launch) {
  if (trace::tracing_works() && !trace::was_traced(current_case())) run_traced_pass(launch);
  // The timed run measured this case; here the loop only has to end.  One
  // nominal second per batch meets any minimum time at once.
  while (state_.KeepRunningBatch(options_.batch)) state_.SetIterationTime(1.0);
}

void GpuTimer::run_traced_pass(const std::function<void(cudaStream_t)>& launch) {
  PhaseRange range(CasePhase::traced);
  trace::begin_traced_case();
  bool launched = true;
  for (int sample = 0; launched && sample < kTracedSamples; ++sample) {
    {
      trace::TracedPhase phase(trace::Phase::flush);
      launched = flush_l2();
    }
    trace::TracedPhase phase(trace::Phase::work);
    for (int i = 0; launched && i < options_.batch; ++i) launch(stream_);
  }
  // Work on other streams (forked from this one) is waited for too.
  launched = launched && check("kernel launch", cudaGetLastError()) &&
             check("cudaDeviceSynchronize(traced pass)", cudaDeviceSynchronize());
  trace::TracedCase traced{trace::end_traced_case(), std::int64_t{kTracedSamples} * options_.batch, {}};
  if (!launched) return;
  const int device = availability().device;
  cudaDeviceProp properties{};
  if (cudaGetDeviceProperties(&properties, device) == cudaSuccess)
    traced.device_names[static_cast<std::uint32_t>(device)] = properties.name;
  trace::keep_traced_case(current_case(), std::move(traced));
}

}  // namespace perfgate::cuda
