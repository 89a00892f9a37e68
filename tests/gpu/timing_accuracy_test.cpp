// Does measure() time what it should?  Kernels of known duration and a
// working set whose cold and hot costs differ.

#include <gtest/gtest.h>

#include <functional>

#include <cuda_runtime_api.h>

#include "gpu_case.hpp"
#include "perfgate/cuda/availability.hpp"
#include "perfgate/cuda/measure.hpp"
#include "perfgate/kernels/probe_kernels.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate {
namespace {

using testing::run_gpu_case;

class SpinKernel : public ::testing::TestWithParam<double> {};

BenchmarkResult measure_hot(const char* name, const std::function<void(cudaStream_t)>& launch) {
  cuda::MeasureOptions options;
  options.hot = true;
  return run_gpu_case(name, [&](benchmark::State& state) { cuda::measure(state, launch, options); }, {5, 0.05});
}

// A kernel that busy-waits d on the GPU's own clock measures d within
// 2% + 2 us above the launch floor: the events see the work and the GPU's
// fixed cost of running one kernel between two events (an empty kernel:
// 3.2 us on an H100, docs/gpu-runs.md), never the host's launch calls.
// perfgate reports raw event times (as nvbench and Google Benchmark do), so
// the floor stays in every result and cancels in every comparison.
TEST_P(SpinKernel, IsMeasuredWithinTwoPercentPlusTwoMicrosecondsAboveTheLaunchFloor) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  const double seconds = GetParam();
  const BenchmarkResult floor = measure_hot("empty_kernel", [](cudaStream_t s) { kernels::launch_empty(s); });
  const BenchmarkResult spin = measure_hot("spin", [&](cudaStream_t s) {
    kernels::launch_spin(static_cast<std::uint64_t>(seconds * 1e9), s);
  });
  ASSERT_TRUE(floor.measured() && spin.measured()) << floor.error.value_or("") << spin.error.value_or("");
  const double measured = stats::median(spin.samples);
  EXPECT_GE(measured, seconds) << "never less than the work itself";
  EXPECT_NEAR(measured - stats::median(floor.samples), seconds, 0.02 * seconds + 2e-6)
      << "spin " << measured * 1e6 << " us, empty kernel " << stats::median(floor.samples) * 1e6 << " us";
}

INSTANTIATE_TEST_SUITE_P(Durations, SpinKernel, ::testing::Values(10e-6, 100e-6, 1e-3),
                         [](const ::testing::TestParamInfo<double>& info) {
                           return std::to_string(static_cast<int>(info.param * 1e6)) + "us";
                         });

// Reading a working set of about the L2 size: after the flush it comes from
// device memory, without the flush mostly from L2.
TEST(ColdAndHot, ColdIsSlowerThanHotForAnL2SizedWorkingSet) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  int l2_bytes = 0;
  ASSERT_EQ(cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, cuda::availability().device), cudaSuccess);
  const std::size_t count = static_cast<std::size_t>(l2_bytes) * 3 / 4 / sizeof(float) / 4 * 4;
  float* data = nullptr;
  float* sum = nullptr;
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&data), count * sizeof(float)), cudaSuccess);
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&sum), sizeof(float)), cudaSuccess);
  cudaMemset(data, 0x3f, count * sizeof(float));
  auto read = [&](bool hot) {
    cuda::MeasureOptions options;
    options.hot = hot;
    return run_gpu_case(hot ? "hot" : "cold", [&](benchmark::State& state) {
      cuda::measure(state, [&](cudaStream_t s) { kernels::launch_read_sum(data, count, sum, s); }, options);
    }, {5, 0.05});
  };
  const BenchmarkResult cold = read(false);
  const BenchmarkResult hot = read(true);
  cudaFree(data);
  cudaFree(sum);
  ASSERT_TRUE(cold.measured() && hot.measured()) << cold.error.value_or("") << hot.error.value_or("");
  EXPECT_GT(stats::median(cold.samples), 1.2 * stats::median(hot.samples))
      << "cold " << stats::median(cold.samples) * 1e6 << " us, hot " << stats::median(hot.samples) * 1e6 << " us";
}

}  // namespace
}  // namespace perfgate
