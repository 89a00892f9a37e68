// The GPU counted pass's device half: CUPTI's range profiler counts a known
// kernel (saxpy over 256 MiB vectors) once a launch, the same counts each
// time, and DRAM bytes that match what the kernel must move.  Without a
// device it skips; where profiling is not permitted to this user
// (NVreg_RestrictProfilingToAdminUsers) it skips saying so.

#include "count/kernel_count_session.hpp"

#include <cuda_runtime_api.h>

#include <gtest/gtest.h>

#include "perfgate/cuda/availability.hpp"
#include "perfgate/kernels/probe_kernels.hpp"
#include "perfgate/model/counter_names.hpp"
#include "trace/demangle.hpp"

namespace perfgate::count {
namespace {

constexpr int kFloats = 64 << 20;  // 256 MiB a vector: five times an H100's L2
constexpr double kVectorBytes = 4.0 * kFloats;

TEST(KernelCountSession, CountsAKnownKernelTheSameEachTimeWithTheBytesItMustMove) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  if (const auto why = start_kernel_counting()) GTEST_SKIP() << "CUPTI's profiler cannot start: " << *why;
  float *x = nullptr, *y = nullptr;
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&x), sizeof(float) * kFloats), cudaSuccess);
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&y), sizeof(float) * kFloats), cudaSuccess);
  ASSERT_EQ(cudaMemset(x, 0, sizeof(float) * kFloats), cudaSuccess);
  ASSERT_EQ(cudaMemset(y, 0, sizeof(float) * kFloats), cudaSuccess);
  const auto saxpy_times = [&](int launches) {
    return [=] {
      for (int i = 0; i < launches; ++i) kernels::launch_saxpy(2.0f, x, y, kFloats, nullptr);
      return cudaDeviceSynchronize() == cudaSuccess;
    };
  };
  try {
    KernelCountSession session(0);
    std::size_t dropped = 0;
    const std::vector<CountedRange> once = session.count(saxpy_times(1), dropped);
    const std::vector<CountedRange> thrice = session.count(saxpy_times(3), dropped);
    EXPECT_EQ(dropped, 0u);
    ASSERT_EQ(once.size(), 1u) << "one range a launch";
    ASSERT_EQ(thrice.size(), 3u);
    EXPECT_NE(trace::demangle(once[0].kernel.c_str()).find("saxpy"), std::string::npos) << once[0].kernel;
    const double instructions = once[0].counts.at(counter::kKernelInstructions);
    EXPECT_GT(instructions, kFloats / 32.0) << "at least a warp instruction a warp's 32 elements";
    for (const CountedRange& r : thrice)
      EXPECT_EQ(r.counts.at(counter::kKernelInstructions), instructions) << "the same work, the same count";
    // x and y read, y written: no L2 holds them.
    EXPECT_NEAR(once[0].counts.at(counter::kKernelDramBytesRead), 2 * kVectorBytes, 0.1 * 2 * kVectorBytes);
    EXPECT_NEAR(once[0].counts.at(counter::kKernelDramBytesWritten), kVectorBytes, 0.1 * kVectorBytes);
    EXPECT_GE(once[0].counts.at(counter::kKernelL2Bytes), 2.9 * kVectorBytes);
    EXPECT_GT(once[0].counts.at(counter::kKernelAchievedOccupancyPct), 0.0);
    EXPECT_LE(once[0].counts.at(counter::kKernelAchievedOccupancyPct), 100.0);
  } catch (const std::exception& e) {
    const std::string what = e.what();
    if (what.find("not permitted to this user") != std::string::npos) GTEST_SKIP() << what;
    ADD_FAILURE() << what;
  }
  cudaFree(x);
  cudaFree(y);
}

}  // namespace
}  // namespace perfgate::count
