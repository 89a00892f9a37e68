// perfgate::cuda::measure through Google Benchmark, as suites use it.

#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include "perfgate/cuda/availability.hpp"
#include "perfgate/cuda/device_fingerprint.hpp"
#include "perfgate/cuda/measure.hpp"
#include "perfgate/runtime/run_collector.hpp"
#include "test_kernels.cuh"

namespace perfgate {
namespace {

class Silent : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>&) override {}
};

// Runs one registered case (3 repetitions) and returns what perfgate records.
BenchmarkResult run_case(const char* name, std::function<void(benchmark::State&)> body) {
  benchmark::ClearRegisteredBenchmarks();
  benchmark::RegisterBenchmark(name, body)->UseManualTime()->Repetitions(3)->MinTime(0.01);
  RunCollector collector(std::make_unique<Silent>(), false);
  benchmark::RunSpecifiedBenchmarks(&collector);
  benchmark::ClearRegisteredBenchmarks();
  const auto results = collector.results();
  if (results.size() != 1) throw std::runtime_error("expected one case");
  return results[0];
}

void memset_case(benchmark::State& state) {
  void* buffer = nullptr;
  if (cuda::availability().usable) cudaMalloc(&buffer, 64 << 20);
  cuda::measure(state, [&](cudaStream_t s) { cudaMemsetAsync(buffer, 1, 64 << 20, s); });
  if (buffer) cudaFree(buffer);
}

TEST(CudaMeasure, WithoutADeviceTheCaseIsSkippedWithTheReason) {
  if (cuda::availability().usable) GTEST_SKIP() << "a CUDA device is present";
  const BenchmarkResult r = run_case("no_device", memset_case);
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
  const BenchmarkResult r = run_case("memset_64MiB", memset_case);
  ASSERT_TRUE(r.measured()) << r.error.value_or("") << r.skipped.value_or("");
  ASSERT_EQ(r.samples.size(), 3u);
  // 64 MiB at no more than 10 TB/s takes at least 6.7 us.
  for (double s : r.samples) EXPECT_GT(s, 6.7e-6);
}

TEST(CudaMeasure, LaunchErrorFailsOnlyThatCase) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  const BenchmarkResult r = run_case("invalid_launch", [](benchmark::State& state) {
    cuda::measure(state, [](cudaStream_t s) { testing::launch_invalid(s); });
  });
  ASSERT_TRUE(r.error.has_value());
  EXPECT_NE(r.error->find("warm-up launch"), std::string::npos) << *r.error;
  const BenchmarkResult after = run_case("memset_after_error", memset_case);
  EXPECT_TRUE(after.measured()) << "a launch-configuration error is not sticky";
}

TEST(CudaFingerprint, DescribesTheDevice) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  const Fingerprint f = cuda::device_fingerprint(0);
  EXPECT_EQ(f.kind, DeviceKind::gpu);
  EXPECT_GT(f.sm_count, 0);
  EXPECT_GT(f.max_sm_clock_mhz, 0);
  EXPECT_EQ(f.slug, make_slug(DeviceKind::gpu, f.name));
}

}  // namespace
}  // namespace perfgate
