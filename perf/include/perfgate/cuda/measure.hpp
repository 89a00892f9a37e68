#pragma once
// Timing GPU work inside a Google Benchmark case:
//
//   void BM_saxpy(benchmark::State& state) {
//     ... allocate and fill inputs ...
//     perfgate::cuda::measure(state, [&](cudaStream_t s) { saxpy<<<g, b, 0, s>>>(...); });
//   }
//   PERFGATE_CUDA_BENCHMARK(BM_saxpy);
//
// measure() owns the stream, runs untimed warm-up calls, flushes L2 before
// each timed sample (unless `hot`), times `batch` calls between a CUDA event
// pair and reports the time per call through SetIterationTime.  Every CUDA
// call is checked: an error ends this case with "<api>: <error>"; without a
// usable device the case is skipped with the reason.

#include <benchmark/benchmark.h>
#include <cuda_runtime_api.h>

namespace perfgate::cuda {

struct MeasureOptions {
  bool hot = false;  // keep caches warm: no L2 flush before each sample
  int batch = 1;     // calls per timed sample; raise it for very short kernels
  int warmup = 1;    // untimed calls before the first sample
};

// The non-template part of measure().
class GpuTimer {
 public:
  // Ends the case (skipped or failed) when it cannot time on a device.
  GpuTimer(benchmark::State& state, const MeasureOptions& options);
  ~GpuTimer();
  GpuTimer(const GpuTimer&) = delete;
  GpuTimer& operator=(const GpuTimer&) = delete;

  bool ready() const { return ready_; }
  cudaStream_t stream() const { return stream_; }
  bool finish_warmup();  // waits for the warm-up and checks for errors
  bool start_sample();   // L2 flush unless hot, then the start event
  bool stop_sample();    // stop event, wait, SetIterationTime(seconds per call)

 private:
  bool check(const char* api, cudaError_t error);
  bool allocate_flush_buffer(int device);

  benchmark::State& state_;
  MeasureOptions options_;
  cudaStream_t stream_ = nullptr;
  cudaEvent_t start_ = nullptr;
  cudaEvent_t stop_ = nullptr;
  void* flush_buffer_ = nullptr;
  std::size_t flush_bytes_ = 0;
  bool ready_ = false;
};

template <class Launch>
void measure(benchmark::State& state, Launch&& launch, const MeasureOptions& options = {}) {
  GpuTimer timer(state, options);
  if (!timer.ready()) return;
  for (int i = 0; i < options.warmup; ++i) launch(timer.stream());
  if (!timer.finish_warmup()) return;
  // One gbench iteration per call: the batch counts as `batch` iterations.
  while (state.KeepRunningBatch(options.batch)) {
    if (!timer.start_sample()) continue;  // the case is failed; the loop ends
    for (int i = 0; i < options.batch; ++i) launch(timer.stream());
    timer.stop_sample();
  }
}

}  // namespace perfgate::cuda

// GPU cases are timed by the GPU, so they must use manual time.
#define PERFGATE_CUDA_BENCHMARK(fn) BENCHMARK(fn)->UseManualTime()
