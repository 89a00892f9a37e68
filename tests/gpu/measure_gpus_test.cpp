// perfgate::cuda::measure_gpus and GpuTimer's multi-GPU mode, on every GPU
// present (one GPU runs the same path with one lane): each GPU gets its own
// positive time, the sample's time is the slowest GPU's, marks fall between
// start and stop, the clock is read and judged as for one GPU, and a case
// without a device is skipped with the reason.

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include <cuda_runtime_api.h>

#include "cuda/testing.hpp"
#include "gpu_case.hpp"
#include "perfgate/cuda/availability.hpp"
#include "perfgate/cuda/measure.hpp"

namespace perfgate {
namespace {

using testing::counter;
using testing::run_gpu_case;

constexpr std::size_t kBytesPerStep = std::size_t{64} << 20;

// A buffer and a stream on each of the first `gpus` devices; GPU r clears
// (r + 1) x 64 MiB per call, so the last GPU is the slowest.
class GpuWork {
 public:
  explicit GpuWork(int gpus) {
    for (int r = 0; r < gpus; ++r) {
      cudaSetDevice(r);
      void* buffer = nullptr;
      cudaStream_t stream = nullptr;
      cudaMalloc(&buffer, bytes(r));
      cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
      buffers_.push_back(buffer);
      streams_.push_back({r, stream});
    }
    cudaSetDevice(0);
  }
  ~GpuWork() {
    for (std::size_t r = 0; r < buffers_.size(); ++r) {
      cudaSetDevice(static_cast<int>(r));
      cudaStreamSynchronize(streams_[r].stream);
      cudaStreamDestroy(streams_[r].stream);
      cudaFree(buffers_[r]);
    }
    cudaSetDevice(0);
  }
  static std::size_t bytes(int r) { return kBytesPerStep * static_cast<std::size_t>(r + 1); }
  const std::vector<cuda::GpuStream>& streams() const { return streams_; }
  void queue(int r) {
    cudaSetDevice(r);
    cudaMemsetAsync(buffers_[static_cast<std::size_t>(r)], 1, bytes(r), streams_[static_cast<std::size_t>(r)].stream);
  }
  void queue_all() {
    for (int r = 0; r < static_cast<int>(streams_.size()); ++r) queue(r);
    cudaSetDevice(0);
  }

 private:
  std::vector<void*> buffers_;
  std::vector<cuda::GpuStream> streams_;
};

int gpus_present() { return std::min(cuda::availability().device_count, 8); }

TEST(CudaMeasureGpus, WithoutADeviceTheCaseIsSkippedWithTheReason) {
  if (cuda::availability().usable) GTEST_SKIP() << "a CUDA device is present";
  const BenchmarkResult r = run_gpu_case("no_device_gpus", [](benchmark::State& state) {
    cuda::measure_gpus(state, {cuda::GpuStream{0, nullptr}, cuda::GpuStream{1, nullptr}}, [] {});
  });
  ASSERT_TRUE(r.skipped.has_value());
  EXPECT_EQ(r.skipped->rfind("no CUDA device: ", 0), 0u) << *r.skipped;
  EXPECT_TRUE(r.samples.empty());
}

TEST(CudaMeasureGpus, EachGpuIsTimedAndTheSlowestGivesTheSampleTime) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  const int gpus = gpus_present();
  GpuWork work(gpus);
  std::vector<double> last_seconds, last_marks;
  const BenchmarkResult r = run_gpu_case("every_gpu_timed", [&](benchmark::State& state) {
    cuda::GpuTimer timer(state, {}, work.streams(), /*marks=*/1);
    if (!timer.ready()) return;
    work.queue_all();  // the warm-up
    if (!timer.finish_warmup()) return;
    while (state.KeepRunning()) {
      if (!timer.start_sample()) continue;
      for (int g = 0; g < gpus; ++g) {
        work.queue(g);
        timer.mark(g, 0);  // after one clear: about half of the sample
        work.queue(g);
      }
      if (!timer.stop_sample()) continue;
      last_seconds = timer.gpu_seconds();
      last_marks.clear();
      for (int g = 0; g < gpus; ++g) last_marks.push_back(timer.mark_seconds(g, 0).value_or(-1.0));
    }
    timer.finish();
  });
  ASSERT_TRUE(r.measured()) << r.error.value_or("") << r.skipped.value_or("");
  ASSERT_EQ(last_seconds.size(), static_cast<std::size_t>(gpus));
  for (int g = 0; g < gpus; ++g) {
    const auto i = static_cast<std::size_t>(g);
    // Two clears of (g + 1) x 64 MiB at no more than 10 TB/s.
    EXPECT_GT(last_seconds[i], 2.0 * static_cast<double>(GpuWork::bytes(g)) / 10e12) << "GPU " << g;
    EXPECT_GT(last_marks[i], 0.0) << "GPU " << g;
    EXPECT_LT(last_marks[i], last_seconds[i]) << "the mark falls between start and stop on GPU " << g;
  }
  if (gpus > 1) EXPECT_GT(last_seconds.back(), last_seconds.front()) << "GPU " << gpus - 1 << " clears the most";
  // Each repetition's time per call is its samples' slowest GPU's; the last
  // sample of the last repetition against that repetition's mean.
  const double slowest = *std::max_element(last_seconds.begin(), last_seconds.end());
  ASSERT_EQ(r.samples.size(), 3u);
  EXPECT_GT(r.samples.back(), 0.5 * slowest);
  EXPECT_LT(r.samples.back(), 2.0 * slowest);
  EXPECT_GT(counter(r, "sm_clock_mhz"), 0.0) << "every GPU's clock is read";
  // The buffers were allocated before the case: its own peak is about 0, but recorded.
  EXPECT_GE(counter(r, "device_memory_peak_bytes"), 0.0) << "the case's device's peak is recorded";
}

// measure_gpus leaves the caller's device current (its lanes select their
// own for every step), and one stream on another GPU than the current one is
// timed there: the one-lane measure_gpus selects its GPU too.
TEST(CudaMeasureGpus, TheCallersDeviceStaysCurrentAndAStreamOnAnotherGpuIsTimed) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  if (gpus_present() < 2) GTEST_SKIP() << "needs 2 GPUs, " << gpus_present() << " present";
  GpuWork work(2);
  int after = -1;
  const BenchmarkResult r = run_gpu_case("other_gpu_timed", [&](benchmark::State& state) {
    ASSERT_EQ(cudaSetDevice(0), cudaSuccess);
    // The launch leaves GPU 0 current, as a caller's own code would.
    cuda::measure_gpus(state, {work.streams()[1]}, [&] {
      work.queue(1);
      cudaSetDevice(0);
    });
    cudaGetDevice(&after);
  });
  ASSERT_TRUE(r.measured()) << r.error.value_or("") << r.skipped.value_or("");
  EXPECT_EQ(after, 0) << "the caller's device is current after measure_gpus";
  ASSERT_FALSE(r.samples.empty());
  EXPECT_GT(r.samples.back(), static_cast<double>(GpuWork::bytes(1)) / 10e12) << "GPU 1's clear was timed";
}

TEST(CudaMeasureGpus, ARepetitionWithAGpuClockReadingLowIsThrottledAndLeftOut) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  GpuWork work(gpus_present());
  auto body = [&](benchmark::State& state) { cuda::measure_gpus(state, work.streams(), [&] { work.queue_all(); }); };
  cuda::testing::scale_sm_clock_readings(0.5);  // every GPU at 50% of its clock, or worse
  const BenchmarkResult r = run_gpu_case("throttled_gpus", body);
  cuda::testing::scale_sm_clock_readings(1.0);
  EXPECT_EQ(r.throttled_samples, 3);
  EXPECT_TRUE(r.samples.empty());
  const BenchmarkResult normal = run_gpu_case("not_throttled_gpus", body);
  EXPECT_EQ(normal.throttled_samples, 0);
  EXPECT_EQ(normal.samples.size(), 3u);
}

TEST(CudaMeasureGpus, ALaunchErrorFailsTheCase) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  GpuWork work(gpus_present());
  const BenchmarkResult r = run_gpu_case("gpus_launch_error", [&](benchmark::State& state) {
    cuda::MeasureOptions options;
    options.warmup = 0;  // the first call is in the timed loop, after the stop event's check
    cuda::measure_gpus(state, work.streams(), [&] {
      work.queue_all();
      cudaMemsetAsync(nullptr, 0, 1 << 20, work.streams().back().stream);  // an invalid address
    }, options);
  });
  ASSERT_TRUE(r.error.has_value()) << "the case fails";
  EXPECT_NE(r.error->find("kernel launch"), std::string::npos) << *r.error;
  EXPECT_TRUE(r.samples.empty());
}

}  // namespace
}  // namespace perfgate
