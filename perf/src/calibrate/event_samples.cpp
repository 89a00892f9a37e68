#include "event_samples.hpp"

#include "cuda_call.hpp"

namespace perfgate::calibration {
namespace {

class EventPair {
 public:
  EventPair() {
    require("cudaEventCreate", cudaEventCreate(&start_));
    require("cudaEventCreate", cudaEventCreate(&stop_));
  }
  ~EventPair() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  EventPair(const EventPair&) = delete;
  EventPair& operator=(const EventPair&) = delete;
  cudaEvent_t start() const { return start_; }
  cudaEvent_t stop() const { return stop_; }

 private:
  cudaEvent_t start_ = nullptr;
  cudaEvent_t stop_ = nullptr;
};

}  // namespace

std::vector<double> event_samples(cudaStream_t stream, int warmup, int samples, const std::function<void()>& call) {
  for (int i = 0; i < warmup; ++i) call();
  require("warm-up", cudaGetLastError());
  require("cudaStreamSynchronize(warm-up)", cudaStreamSynchronize(stream));
  EventPair events;
  std::vector<double> seconds;
  for (int i = 0; i < samples; ++i) {
    require("cudaEventRecord(start)", cudaEventRecord(events.start(), stream));
    call();
    require("cudaEventRecord(stop)", cudaEventRecord(events.stop(), stream));
    require("launch", cudaGetLastError());
    require("cudaEventSynchronize", cudaEventSynchronize(events.stop()));
    float ms = 0.0f;
    require("cudaEventElapsedTime", cudaEventElapsedTime(&ms, events.start(), events.stop()));
    seconds.push_back(ms / 1e3);
  }
  return seconds;
}

}  // namespace perfgate::calibration
