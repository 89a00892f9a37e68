#include <map>
#include <mutex>

#include "perfgate/cuda/availability.hpp"
#include "perfgate/cuda/check.hpp"
#include "perfgate/cuda/measure.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate::cuda {
namespace {

// One L2-sized buffer per device for the whole process: allocating it for
// every sample would cost more than the flush (nvbench #100).  It is never
// freed; the driver reclaims it with the context.
struct FlushBuffer {
  void* data = nullptr;
  std::size_t bytes = 0;
};

std::mutex flush_mutex;
std::map<int, FlushBuffer> flush_buffers;

}  // namespace

GpuTimer::GpuTimer(benchmark::State& state, const MeasureOptions& options) : state_(state), options_(options) {
  const Availability& device = availability();
  if (!device.usable) {
    state_.SkipWithError((std::string(kSkipPrefix) + device.reason).c_str());
    return;
  }
  if (auto lost = context_lost()) {
    state_.SkipWithError(("GPU context lost in an earlier case: " + *lost).c_str());
    return;
  }
  if (options_.batch < 1 || options_.warmup < 0) {
    state_.SkipWithError("perfgate::cuda::measure: batch must be >= 1 and warmup >= 0");
    return;
  }
  ready_ = check("cudaSetDevice", cudaSetDevice(device.device)) &&
           check("cudaStreamCreateWithFlags", cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)) &&
           check("cudaEventCreate", cudaEventCreate(&start_)) && check("cudaEventCreate", cudaEventCreate(&stop_)) &&
           (options_.hot || allocate_flush_buffer(device.device));
}

GpuTimer::~GpuTimer() {
  // Errors here cannot be reported any more; the case already has its result.
  if (start_) cudaEventDestroy(start_);
  if (stop_) cudaEventDestroy(stop_);
  if (stream_) cudaStreamDestroy(stream_);
}

bool GpuTimer::check(const char* api, cudaError_t error) {
  if (error == cudaSuccess) return true;
  const std::string message = error_text(api, error);
  if (is_sticky(error)) note_context_lost(message);
  if (!state_.error_occurred()) state_.SkipWithError(message.c_str());
  ready_ = false;
  return false;
}

bool GpuTimer::allocate_flush_buffer(int device) {
  const std::lock_guard lock(flush_mutex);
  FlushBuffer& buffer = flush_buffers[device];
  if (!buffer.data) {
    int l2_bytes = 0;
    if (!check("cudaDeviceGetAttribute(L2CacheSize)", cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, device)))
      return false;
    // Twice the L2 size: a memset of exactly L2 bytes can leave lines from
    // before it resident under non-LRU replacement.
    buffer.bytes = 2 * static_cast<std::size_t>(l2_bytes);
    if (buffer.bytes > 0 && !check("cudaMalloc(L2 flush buffer)", cudaMalloc(&buffer.data, buffer.bytes))) return false;
  }
  flush_buffer_ = buffer.data;
  flush_bytes_ = buffer.bytes;
  return true;
}

bool GpuTimer::finish_warmup() {
  return check("warm-up launch", cudaGetLastError()) && check("cudaStreamSynchronize(warm-up)", cudaStreamSynchronize(stream_));
}

bool GpuTimer::start_sample() {
  if (!options_.hot && flush_buffer_ &&
      !check("cudaMemsetAsync(L2 flush)", cudaMemsetAsync(flush_buffer_, 0, flush_bytes_, stream_)))
    return false;
  return check("cudaEventRecord(start)", cudaEventRecord(start_, stream_));
}

bool GpuTimer::stop_sample() {
  // The stop event is queued first: any host call before it (even the
  // launch-error check) would be timed while the GPU idles.
  if (!check("cudaEventRecord(stop)", cudaEventRecord(stop_, stream_)) || !check("kernel launch", cudaGetLastError()) ||
      !check("cudaEventSynchronize", cudaEventSynchronize(stop_)))
    return false;
  float milliseconds = 0.0f;
  if (!check("cudaEventElapsedTime", cudaEventElapsedTime(&milliseconds, start_, stop_))) return false;
  state_.SetIterationTime(static_cast<double>(milliseconds) / 1e3);
  return true;
}

}  // namespace perfgate::cuda
