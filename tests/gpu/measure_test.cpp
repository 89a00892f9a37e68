// perfgate::cuda::measure through Google Benchmark, as suites use it: the
// no-device path, errors, and the counters each repetition gets.

#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include "gpu_case.hpp"
#include "perfgate/cuda/availability.hpp"
#include "cuda/device_fingerprint.hpp"
#include "perfgate/cuda/measure.hpp"
#include "cuda/testing.hpp"
#include "perfgate/kernels/probe_kernels.hpp"

namespace perfgate {
namespace {

using testing::counter;
using testing::run_gpu_case;

void memset_case(benchmark::State& state) {
  void* buffer = nullptr;
  if (cuda::availability().usable) cudaMalloc(&buffer, 64 << 20);
  cuda::measure(state, [&](cudaStream_t s) { cudaMemsetAsync(buffer, 1, 64 << 20, s); });
  if (buffer) cudaFree(buffer);
}

TEST(CudaMeasure, WithoutADeviceTheCaseIsSkippedWithTheReason) {
  if (cuda::availability().usable) GTEST_SKIP() << "a CUDA device is present";
  const BenchmarkResult r = run_gpu_case("no_device", memset_case);
  ASSERT_TRUE(r.skipped.has_value());
  EXPECT_EQ(r.skipped->rfind("no CUDA device: ", 0), 0u) << *r.skipped;
  EXPECT_FALSE(r.error.has_value());
  EXPECT_TRUE(r.samples.empty());
}

TEST(CudaAvailability, ReasonNamesTheCudaError) {
  if (cuda::availability().usable) GTEST_SKIP() << "a CUDA device is present";
  EXPECT_NE(cuda::availability().reason.find("cudaGetDeviceCount"), std::string::npos) << cuda::availability().reason;
}

TEST(CudaMeasure, TimesWorkOnTheDevice) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  const BenchmarkResult r = run_gpu_case("memset_64MiB", memset_case);
  ASSERT_TRUE(r.measured()) << r.error.value_or("") << r.skipped.value_or("");
  ASSERT_EQ(r.samples.size(), 3u);
  // 64 MiB at no more than 10 TB/s takes at least 6.7 us.
  for (double s : r.samples) EXPECT_GT(s, 6.7e-6);
}

TEST(CudaMeasure, LaunchErrorFailsOnlyThatCase) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  const BenchmarkResult r = run_gpu_case("invalid_launch", [](benchmark::State& state) {
    cuda::measure(state, [](cudaStream_t s) { kernels::launch_invalid_configuration(s); });
  });
  ASSERT_TRUE(r.error.has_value());
  EXPECT_NE(r.error->find("warm-up launch"), std::string::npos) << *r.error;
  const BenchmarkResult after = run_gpu_case("memset_after_error", memset_case);
  EXPECT_TRUE(after.measured()) << "a launch-configuration error is not sticky";
}

TEST(CudaMeasure, WorkThatSynchronizesEndsWithAClearErrorNotAHang) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  cuda::MeasureOptions options;
  options.hot = true;
  options.blocking_timeout_s = 0.2;
  const BenchmarkResult r = run_gpu_case("synchronizing", [&](benchmark::State& state) {
    cuda::measure(state, [](cudaStream_t s) {
      kernels::launch_empty(s);
      cudaStreamSynchronize(s);  // waits for the blocker: a deadlock without the timeout
    }, options);
  });
  ASSERT_TRUE(r.error.has_value());
  EXPECT_NE(r.error->find("launch blocker timed out"), std::string::npos) << *r.error;
  EXPECT_NE(r.error->find("hide_latency = false"), std::string::npos) << *r.error;
  // The same work without latency hiding is measured.
  options.hide_latency = false;
  const BenchmarkResult unblocked = run_gpu_case("synchronizing_unblocked", [&](benchmark::State& state) {
    cuda::measure(state, [](cudaStream_t s) {
      kernels::launch_empty(s);
      cudaStreamSynchronize(s);
    }, options);
  });
  EXPECT_TRUE(unblocked.measured()) << unblocked.error.value_or("");
}

TEST(CudaMeasure, EachRepetitionRecordsItsSmClockAndPeakMemory) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  const Fingerprint gpu = cuda::device_fingerprint(cuda::availability().device);
  constexpr std::size_t kHeld = std::size_t{256} << 20;
  const BenchmarkResult r = run_gpu_case("memory_and_clock", [](benchmark::State& state) {
    void* held = nullptr;
    cudaMalloc(&held, kHeld);
    cuda::measure(state, [&](cudaStream_t s) { cudaMemsetAsync(held, 1, kHeld, s); });
    cudaFree(held);
  });
  ASSERT_TRUE(r.measured()) << r.error.value_or("");
  const double clock = counter(r, "sm_clock_mhz");
  EXPECT_GT(clock, 0.3 * gpu.max_sm_clock_mhz);
  EXPECT_LT(clock, 1.05 * gpu.max_sm_clock_mhz);
  const double peak = counter(r, "device_memory_peak_bytes");
  EXPECT_GE(peak, static_cast<double>(kHeld));
  EXPECT_LT(peak, static_cast<double>(kHeld) + (64 << 20)) << "only the case's own memory counts";
}

TEST(CudaMeasure, ARepetitionWithTheClockReadingLowIsThrottledAndLeftOut) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  cuda::testing::scale_sm_clock_readings(0.5);  // a GPU at 50% of its clock, or worse
  const BenchmarkResult r = run_gpu_case("throttled", memset_case);
  cuda::testing::scale_sm_clock_readings(1.0);
  EXPECT_EQ(r.throttled_samples, 3);
  EXPECT_TRUE(r.samples.empty());
  ASSERT_TRUE(r.error.has_value()) << "a case with every repetition throttled has nothing to gate";
  EXPECT_NE(r.error->find("throttled"), std::string::npos) << *r.error;
  const BenchmarkResult normal = run_gpu_case("not_throttled", memset_case);
  EXPECT_EQ(normal.throttled_samples, 0);
  EXPECT_EQ(normal.samples.size(), 3u);
}

TEST(CudaFingerprint, DescribesTheDevice) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  const Fingerprint f = cuda::device_fingerprint(0);
  EXPECT_EQ(f.kind, DeviceKind::gpu);
  EXPECT_GT(f.sm_count, 0);
  EXPECT_GT(f.max_sm_clock_mhz, 0);
  EXPECT_GT(f.max_memory_clock_mhz, 0);
  EXPECT_GT(f.memory_bus_bits, 0);
  EXPECT_EQ(f.slug, make_slug(DeviceKind::gpu, f.name));
}

}  // namespace
}  // namespace perfgate
