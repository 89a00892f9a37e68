#include "gpu_lane.hpp"

#include "clock_probe.hpp"
#include "l2_flush.hpp"
#include "perfgate/runtime/case_scope.hpp"

namespace perfgate::cuda {
namespace {

CudaCall call(const char* api, cudaError_t error) { return CudaCall{api, error}; }

}  // namespace

GpuLane::GpuLane() = default;

GpuLane::~GpuLane() {
  // Errors here cannot be reported any more; the case already has its result.
  if (device_ < 0) return;
  cudaSetDevice(device_);
  if (start_) cudaEventDestroy(start_);
  if (stop_) cudaEventDestroy(stop_);
  for (cudaEvent_t mark : marks_)
    if (mark) cudaEventDestroy(mark);
  if (stream_) cudaStreamSynchronize(stream_);  // the probe's memory must outlive its kernel
  if (owns_stream_ && stream_) cudaStreamDestroy(stream_);
}

CudaCall GpuLane::select() const { return call("cudaSetDevice", cudaSetDevice(device_)); }

CudaCall GpuLane::prepare(int device, cudaStream_t stream, const LaneOptions& options) {
  device_ = device;
  int sm_count = 0;
  if (CudaCall c = select(); !c.ok()) return c;
  if (!stream) {
    owns_stream_ = true;
    if (cudaError_t e = cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking); e != cudaSuccess)
      return call("cudaStreamCreateWithFlags", e);
  } else {
    stream_ = stream;
  }
  if (cudaError_t e = cudaEventCreate(&start_); e != cudaSuccess) return call("cudaEventCreate", e);
  if (cudaError_t e = cudaEventCreate(&stop_); e != cudaSuccess) return call("cudaEventCreate", e);
  marks_.assign(static_cast<std::size_t>(options.marks), nullptr);
  for (cudaEvent_t& mark : marks_)
    if (cudaError_t e = cudaEventCreate(&mark); e != cudaSuccess) return call("cudaEventCreate(mark)", e);
  if (cudaError_t e = cudaDeviceGetAttribute(&max_clock_mhz_, cudaDevAttrClockRate, device); e != cudaSuccess)
    return call("cudaDeviceGetAttribute(ClockRate)", e);
  max_clock_mhz_ /= 1000;  // kHz
  if (cudaError_t e = cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device); e != cudaSuccess)
    return call("cudaDeviceGetAttribute(MultiProcessorCount)", e);
  if (options.flush_l2) {
    L2FlushBuffer buffer;
    if (cudaError_t e = l2_flush_buffer(device, buffer); e != cudaSuccess) return call("cudaMalloc(L2 flush buffer)", e);
    flush_buffer_ = buffer.data;
    flush_bytes_ = buffer.bytes;
  }
  if (options.sample_clocks) {
    probe_ = std::make_unique<ClockProbe>();
    if (cudaError_t e = probe_->allocate(sm_count); e != cudaSuccess) return call("cudaHostAlloc(clock probe)", e);
  }
  memory_ = std::make_unique<DeviceMemoryPeak>(device);
  return {};
}

CudaCall GpuLane::launch_probe() {
  if (!probe_) return {};
  if (CudaCall c = select(); !c.ok()) return c;
  return call("clock probe launch", probe_->read(stream_, 0));
}

CudaCall GpuLane::flush() {
  if (!flush_buffer_) return {};
  PhaseRange range(CasePhase::flush);
  return call("cudaMemsetAsync(L2 flush)", cudaMemsetAsync(flush_buffer_, 0, flush_bytes_, stream_));
}

CudaCall GpuLane::begin_sample() {
  if (CudaCall c = before_start(); !c.ok()) return c;
  return record_start();
}

CudaCall GpuLane::before_start() {
  if (probe_) probe_->reset();
  if (CudaCall c = flush(); !c.ok()) return c;
  if (probe_)
    if (cudaError_t e = probe_->read(stream_, 0); e != cudaSuccess) return call("clock probe launch", e);
  return {};
}

CudaCall GpuLane::record_start() { return call("cudaEventRecord(start)", cudaEventRecord(start_, stream_)); }

CudaCall GpuLane::mark(int k) {
  if (CudaCall c = select(); !c.ok()) return c;
  return call("cudaEventRecord(mark)", cudaEventRecord(marks_.at(static_cast<std::size_t>(k)), stream_));
}

CudaCall GpuLane::end_sample() {
  // The stop event is queued first: any host call before it (even the
  // launch-error check) would be timed while the GPU idles.  The work's
  // launch errors are read before the probe's launch, which would take them.
  if (CudaCall c = record_stop(); !c.ok()) return c;
  if (cudaError_t e = cudaGetLastError(); e != cudaSuccess) return call("kernel launch", e);
  return after_stop();
}

CudaCall GpuLane::record_stop() { return call("cudaEventRecord(stop)", cudaEventRecord(stop_, stream_)); }

CudaCall GpuLane::after_stop() {
  if (probe_)
    if (cudaError_t e = probe_->read(stream_, 1); e != cudaSuccess) return call("clock probe launch", e);
  return {};
}

CudaCall GpuLane::synchronize() {
  if (CudaCall c = select(); !c.ok()) return c;
  return call("cudaStreamSynchronize", cudaStreamSynchronize(stream_));
}

CudaCall GpuLane::read_sample(double* seconds) {
  float milliseconds = 0.0f;
  if (cudaError_t e = cudaEventElapsedTime(&milliseconds, start_, stop_); e != cudaSuccess) {
    cudaGetLastError();  // reported here; not the next case's launch error
    return call("cudaEventElapsedTime", e);
  }
  if (probe_) clock_average_.add(probe_->reading(0), probe_->reading(1));
  *seconds = static_cast<double>(milliseconds) / 1e3;
  return {};
}

CudaCall GpuLane::read_mark(int k, double* seconds) const {
  float milliseconds = 0.0f;
  if (cudaError_t e = cudaEventElapsedTime(&milliseconds, start_, marks_.at(static_cast<std::size_t>(k)));
      e != cudaSuccess) {
    cudaGetLastError();  // a mark never recorded (the call failed first): not the next case's error
    return call("cudaEventElapsedTime(mark)", e);
  }
  *seconds = static_cast<double>(milliseconds) / 1e3;
  return {};
}

void GpuLane::sample_memory() {
  if (!memory_ || !select().ok()) return;
  memory_->sample();
}

std::optional<double> GpuLane::memory_peak() const { return memory_ ? memory_->bytes() : std::nullopt; }

GpuClock GpuLane::clock() const {
  GpuClock c{clock_average_.mhz(), max_clock_mhz_};
  if (c.mhz) *c.mhz *= clock_reading_scale();
  return c;
}

}  // namespace perfgate::cuda
