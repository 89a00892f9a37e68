#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>

#include "gpu_lane.hpp"
#include "perfgate/kernels/current_device.hpp"
#include "perfgate/cuda/availability.hpp"
#include "perfgate/cuda/case_checks.hpp"
#include "perfgate/cuda/check.hpp"
#include "perfgate/cuda/launch_blocker.hpp"
#include "perfgate/cuda/measure.hpp"
#include "perfgate/model/counter_names.hpp"
#include "perfgate/model/results.hpp"
#include "perfgate/runtime/run_collector.hpp"
#include "count/kernel_count_session.hpp"
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
  if (!device_ready(state_) || !valid_options()) return;
  ready_ = prepare({GpuStream{availability().device, nullptr}}, 0);
}

GpuTimer::GpuTimer(benchmark::State& state, const MeasureOptions& options, const std::vector<GpuStream>& gpus,
                   int marks)
    : state_(state), options_(options) {
  if (!device_ready(state_) || !valid_options()) return;
  if (gpus.empty() || marks < 0) {
    state_.SkipWithError("perfgate::cuda::measure_gpus: needs one stream per GPU, at least one, and marks >= 0");
    return;
  }
  select_each_call_ = true;
  kernels::CurrentDevice keep;  // preparing selects each GPU in turn; the caller's stays current
  ready_ = prepare(gpus, marks);
}

bool GpuTimer::valid_options() {
  if (options_.batch < 1 || options_.warmup < 0 || !(options_.blocking_timeout_s > 0) ||
      !(options_.throttle_fraction > 0 && options_.throttle_fraction <= 1)) {
    state_.SkipWithError(
        "perfgate::cuda::measure: batch must be >= 1, warmup >= 0, blocking_timeout_s > 0 and throttle_fraction in (0, 1]");
    return false;
  }
  // Without a warm-up call the first sample would launch the work's kernels
  // for the first time behind the blocker; with lazy module loading (CUDA's
  // default) that first launch waits for the GPU, i.e. for the blocker.
  options_.hide_latency = options_.hide_latency && options_.batch <= kMaxBlockedBatch && options_.warmup > 0;
  return true;
}

bool GpuTimer::prepare(const std::vector<GpuStream>& gpus, int marks) {
  const LaneOptions lane_options{.flush_l2 = !options_.hot, .sample_clocks = options_.sample_clocks, .marks = marks};
  for (const GpuStream& gpu : gpus) {
    lanes_.push_back(std::make_unique<GpuLane>());
    const CudaCall prepared = lanes_.back()->prepare(gpu.device, gpu.stream, lane_options);
    if (!check(*lanes_.back(), prepared.api, prepared.error)) return false;
  }
  seconds_.assign(lanes_.size(), 0.0);
  // One blocker holds every GPU's stream: its flags are mapped and portable,
  // so one release() starts all GPUs together.
  if (options_.hide_latency) {
    blocker_ = std::make_unique<LaunchBlocker>();
    if (!check("cudaHostAlloc(launch blocker)", blocker_->allocate())) return false;
  }
  return true;
}

GpuTimer::~GpuTimer() {
  // The held streams must not wait out the blocker's timeout; the lanes wait
  // for their streams before the blocker's memory goes.
  if (blocker_) blocker_->release();
  kernels::CurrentDevice keep;
  lanes_.clear();
}

cudaStream_t GpuTimer::stream() const { return lanes_.empty() ? nullptr : lanes_.front()->stream(); }

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

// Several GPUs: the error names the GPU it happened on.
bool GpuTimer::check(const GpuLane& lane, const char* api, cudaError_t error) {
  if (error == cudaSuccess || !several_gpus()) return check(api, error);
  const std::string on_gpu = std::string(api) + " on GPU " + std::to_string(lane.device());
  return check(on_gpu.c_str(), error);
}

bool GpuTimer::each_lane(bool (GpuTimer::*step)(GpuLane&)) {
  for (const auto& lane : lanes_)
    if (!(this->*step)(*lane)) return false;
  return true;
}

bool GpuTimer::warm_lane(GpuLane& lane) {
  // The probe kernel is launched once here too: a first launch loads its
  // module, which must not happen while the blocker holds the stream.
  const CudaCall probe = lane.launch_probe();
  if (!check(lane, probe.api, probe.error)) return false;
  const CudaCall waited = lane.synchronize();
  return check(lane, "cudaStreamSynchronize(warm-up)", waited.error);
}

bool GpuTimer::finish_warmup() {
  if (!check("warm-up launch", cudaGetLastError())) return false;
  kernels::CurrentDevice keep;
  if (!each_lane(&GpuTimer::warm_lane)) return false;
  if (blocker_) {
    for (const auto& lane : lanes_)
      if (!check(*lane, "cudaSetDevice", lane->select().error) ||
          !check(*lane, "launch blocker", blocker_->block(lane->stream(), options_.blocking_timeout_s)))
        return false;
    blocker_->release();
    for (const auto& lane : lanes_)
      if (!check(*lane, "cudaStreamSynchronize(launch blocker)", lane->synchronize().error)) return false;
  }
  if (GpuLane* lane = memory_lane()) lane->sample_memory();
  return true;
}

bool GpuTimer::start_lane(GpuLane& lane) {
  if (!check(lane, "cudaSetDevice", lane.select().error)) return false;
  if (blocker_ && !check(lane, "launch blocker", blocker_->block(lane.stream(), options_.blocking_timeout_s)))
    return false;
  const CudaCall begun = lane.begin_sample();
  return check(lane, begun.api, begun.error);
}

bool GpuTimer::start_sample() {
  kernels::CurrentDevice keep;
  if (select_each_call_) return start_lanes_together();
  return each_lane(&GpuTimer::start_lane);
}

// Several GPUs: each one's flush and clock reading first, then the start
// events back to back, so that no GPU's interval holds another's host calls
// (without the blocker, each GPU starts when its event is queued).
bool GpuTimer::start_lanes_together() {
  for (const auto& lane : lanes_) {
    if (!check(*lane, "cudaSetDevice", lane->select().error)) return false;
    if (blocker_ && !check(*lane, "launch blocker", blocker_->block(lane->stream(), options_.blocking_timeout_s)))
      return false;
    const CudaCall prepared = lane->before_start();
    if (!check(*lane, prepared.api, prepared.error)) return false;
  }
  for (const auto& lane : lanes_) {
    const CudaCall selected = lane->select();
    const CudaCall started = selected.ok() ? lane->record_start() : selected;
    if (!check(*lane, started.api, started.error)) return false;
  }
  return true;
}

// Several GPUs: every stop event before any other host call; then the work's
// launch errors (the thread's last error, not one GPU's) and the clock
// readings.
bool GpuTimer::stop_lanes_together() {
  for (const auto& lane : lanes_) {
    const CudaCall selected = lane->select();
    const CudaCall stopped = selected.ok() ? lane->record_stop() : selected;
    if (!check(*lane, stopped.api, stopped.error)) return false;
  }
  if (!check("kernel launch", cudaGetLastError())) return false;
  for (const auto& lane : lanes_) {
    const CudaCall selected = lane->select();
    const CudaCall read = selected.ok() ? lane->after_stop() : selected;
    if (!check(*lane, read.api, read.error)) return false;
  }
  return true;
}

bool GpuTimer::mark(int gpu, int k) {
  kernels::CurrentDevice keep;
  GpuLane& lane = *lanes_.at(static_cast<std::size_t>(gpu));
  const CudaCall marked = lane.mark(k);
  return check(lane, marked.api, marked.error);
}

bool GpuTimer::stop_lane(GpuLane& lane) {
  const CudaCall ended = lane.end_sample();
  return check(lane, ended.api, ended.error);
}

bool GpuTimer::wait_lane(GpuLane& lane) {
  const CudaCall waited = lane.synchronize();
  return check(lane, waited.api, waited.error);
}

bool GpuTimer::stop_sample() {
  // measure(): its device is current, and no host call precedes the stop event.
  std::optional<kernels::CurrentDevice> keep;
  if (select_each_call_) keep.emplace();
  if (!(select_each_call_ ? stop_lanes_together() : each_lane(&GpuTimer::stop_lane))) return false;
  if (blocker_) blocker_->release();
  if (!each_lane(&GpuTimer::wait_lane)) return false;
  if (blocker_ && blocker_->timed_out()) return fail(timeout_message(options_.blocking_timeout_s));
  double slowest = 0.0;
  for (std::size_t i = 0; i < lanes_.size(); ++i) {
    const CudaCall read = lanes_[i]->read_sample(&seconds_[i]);
    if (!check(*lanes_[i], read.api, read.error)) return false;
    slowest = std::max(slowest, seconds_[i]);
  }
  state_.SetIterationTime(slowest);
  return true;
}

std::optional<double> GpuTimer::mark_seconds(int gpu, int k) const {
  double seconds = 0.0;
  if (!lanes_.at(static_cast<std::size_t>(gpu))->read_mark(k, &seconds).ok()) return std::nullopt;
  return seconds;
}

// The device whose free memory note_memory_before_case took.
GpuLane* GpuTimer::memory_lane() const {
  for (const auto& lane : lanes_)
    if (lane->device() == availability().device) return lane.get();
  return nullptr;
}

void GpuTimer::finish() {
  if (!ready_ || state_.error_occurred()) return;
  kernels::CurrentDevice keep;
  if (GpuLane* lane = memory_lane()) {
    lane->sample_memory();
    if (auto peak = lane->memory_peak()) state_.counters[counter::kDeviceMemoryPeakBytes] = *peak;
  }
  std::vector<GpuClock> clocks;
  for (const auto& lane : lanes_) clocks.push_back(lane->clock());
  const auto group = group_clock(clocks, options_.throttle_fraction);
  if (!group) return;
  state_.counters[counter::kSmClockMhz] = group->mhz;
  if (group->throttled) state_.counters[kThrottledCounter] = 1.0;
}

bool GpuTimer::tracing() { return trace::trace_pass_process() || count::kernel_count_process(); }

void GpuTimer::trace(const std::function<void(cudaStream_t)>& launch) {
  if (count::kernel_count_process()) {
    if (count::kernel_counting_works() && !count::was_counted(current_case())) run_counted_pass(launch);
  } else if (trace::tracing_works() && !trace::was_traced(current_case())) {
    run_traced_pass(launch);
  }
  // The timed run measured this case; here the loop only has to end.  One
  // nominal second per batch meets any minimum time at once.
  while (state_.KeepRunningBatch(options_.batch)) state_.SetIterationTime(1.0);
}

// As a timed sample runs: the L2 flushed (unless hot) and finished before
// the profiler starts, so its kernel is not the case's, then `batch` calls.
bool GpuTimer::count_sample(count::KernelCountSession& session, const std::function<void(cudaStream_t)>& launch,
                            count::CountedCase& counted) {
  const CudaCall flushed = lanes_.front()->flush();
  if (!check(flushed.api, flushed.error) || !check("cudaDeviceSynchronize(counted pass)", cudaDeviceSynchronize()))
    return false;
  bool launched = false;
  std::vector<count::CountedRange> ranges = session.count(
      [&] {
        for (int i = 0; i < options_.batch; ++i) launch(stream());
        launched = check("kernel launch", cudaGetLastError()) &&
                   check("cudaDeviceSynchronize(counted pass)", cudaDeviceSynchronize());
        return launched;
      },
      counted.dropped_ranges);
  if (launched) counted.samples.push_back(std::move(ranges));
  return launched;
}

void GpuTimer::run_counted_pass(const std::function<void(cudaStream_t)>& launch) {
  PhaseRange range(CasePhase::counted);
  count::CountedCase counted;
  counted.calls_per_sample = options_.batch;
  counted.max_ranges = count::KernelCountSession::kMaxRanges;
  try {
    count::KernelCountSession session(lanes_.front()->device());
    for (int sample = 0; sample < count::kCountedSamples; ++sample)
      if (!count_sample(session, launch, counted)) return;
  } catch (const std::exception& e) {
    count::stop_kernel_counting(e.what());
    return;
  }
  count::keep_counted_case(current_case(), std::move(counted));
}

void GpuTimer::run_traced_pass(const std::function<void(cudaStream_t)>& launch) {
  PhaseRange range(CasePhase::traced);
  trace::begin_traced_case();
  bool launched = true;
  for (int sample = 0; launched && sample < kTracedSamples; ++sample) {
    {
      trace::TracedPhase phase(trace::Phase::flush);
      const CudaCall flushed = lanes_.front()->flush();
      launched = check(flushed.api, flushed.error);
    }
    trace::TracedPhase phase(trace::Phase::work);
    for (int i = 0; launched && i < options_.batch; ++i) launch(stream());
  }
  // Work on other streams (forked from this one) is waited for too.
  launched = launched && check("kernel launch", cudaGetLastError()) &&
             check("cudaDeviceSynchronize(traced pass)", cudaDeviceSynchronize());
  trace::TracedCase traced{trace::end_traced_case(), std::int64_t{kTracedSamples} * options_.batch, {}};
  if (!launched) return;
  const int device = lanes_.front()->device();
  cudaDeviceProp properties{};
  if (cudaGetDeviceProperties(&properties, device) == cudaSuccess)
    traced.device_names[static_cast<std::uint32_t>(device)] = properties.name;
  trace::keep_traced_case(current_case(), std::move(traced));
}

}  // namespace perfgate::cuda
