// NCCL collectives on the GPUs present: every collective, out of place and
// in place, on 1 GPU and on every count up to those present (2, 4, 8),
// leaves exactly the values the host expects (#wrong = 0), including sizes
// that do not split evenly over the ranks (the multi-GPU timer is
// measure_gpus_test.cpp's).  Skipped without a device.

#include <gtest/gtest.h>

#include <algorithm>

#include <cuda_runtime_api.h>

#include "perfgate/cuda/availability.hpp"
#include "perfgate/kernels/collective_run.hpp"
#include "perfgate/kernels/nccl_communicators.hpp"

namespace perfgate::kernels {
namespace {

#define REQUIRE_DEVICE() \
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason

std::vector<int> gpu_counts() {
  std::vector<int> counts;
  for (int n : {1, 2, 4, 8})
    if (n <= cuda::availability().device_count) counts.push_back(n);
  return counts;
}

TEST(NcclCollectives, EveryCollectiveGivesTheExpectedValues) {
  REQUIRE_DEVICE();
  for (int gpus : gpu_counts()) {
    std::string problem;
    auto comms = NcclCommunicators::create(gpus, &problem);
    ASSERT_TRUE(comms) << problem;
    ASSERT_EQ(comms->size(), gpus);
    for (Collective c : kCollectives)
      for (bool in_place : {false, true})
        for (std::size_t elements : {std::size_t{8}, std::size_t{1000003}, std::size_t{1} << 22}) {
          CollectiveRun run(*comms, {c, in_place, std::max<std::size_t>(elements, static_cast<std::size_t>(gpus))});
          ASSERT_TRUE(run.allocate(&problem)) << problem;
          const auto wrong = run.check(&problem);
          ASSERT_TRUE(wrong) << problem;
          EXPECT_EQ(*wrong, 0u) << collective_name(c) << (in_place ? " in place" : " out of place") << " on "
                                << gpus << " GPUs, " << elements << " elements";
        }
  }
}

// A size no GPU holds: allocate() says out of memory (the suite's skip) and
// leaves no error for the next case's launch check; a size that fits then
// runs right.
TEST(NcclCollectives, ASizeThatDoesNotFitIsOutOfMemoryAndLeavesNoError) {
  REQUIRE_DEVICE();
  std::string problem;
  auto comms = NcclCommunicators::create(1, &problem);
  ASSERT_TRUE(comms) << problem;
  {
    CollectiveRun huge(*comms, {Collective::all_reduce, false, std::size_t{1} << 40});  // 4 TiB of floats
    EXPECT_FALSE(huge.allocate(&problem));
    EXPECT_TRUE(huge.out_of_memory()) << problem;
  }
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  CollectiveRun run(*comms, {Collective::all_reduce, false, 1024});
  ASSERT_TRUE(run.allocate(&problem)) << problem;
  const auto wrong = run.check(&problem);
  ASSERT_TRUE(wrong) << problem;
  EXPECT_EQ(*wrong, 0u);
}

TEST(NcclCollectives, MoreGpusThanVisibleIsAProblemNotACrash) {
  REQUIRE_DEVICE();
  std::string problem;
  EXPECT_FALSE(NcclCommunicators::create(cuda::availability().device_count + 1, &problem));
  EXPECT_NE(problem.find("visible"), std::string::npos) << problem;
  EXPECT_FALSE(NcclCommunicators::create(0, &problem));
}

TEST(NcclCollectives, CommunicatorsMoveAndLeaveTheCallersDeviceCurrent) {
  REQUIRE_DEVICE();
  ASSERT_EQ(cudaSetDevice(0), cudaSuccess);
  std::string problem;
  auto comms = NcclCommunicators::create(gpu_counts().back(), &problem);
  ASSERT_TRUE(comms) << problem;
  int device = -1;
  ASSERT_EQ(cudaGetDevice(&device), cudaSuccess);
  EXPECT_EQ(device, 0);
  NcclCommunicators moved = std::move(*comms);
  EXPECT_EQ(comms->size(), 0);
  EXPECT_EQ(moved.size(), gpu_counts().back());
  EXPECT_NE(moved.stream(0), nullptr);
}

}  // namespace
}  // namespace perfgate::kernels
