// The scaling workload on the GPU against its float64 CPU reference: the
// all-reduced overlap after the steps, on 1 GPU and on every GPU count up
// to those present (2, 4, 8); and the launch blocker (the suite's start
// gate) holding a stream until it is released.  Skipped without a device.

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include <cuda_runtime_api.h>

#include "perfgate/cuda/availability.hpp"
#include "perfgate/cuda/launch_blocker.hpp"
#include "perfgate/kernels/random_inputs.hpp"
#include "perfgate/kernels/scaling_problem.hpp"
#include "perfgate/kernels/sharded_evolution.hpp"

namespace perfgate::kernels {
namespace {

#define REQUIRE_DEVICE() \
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason

// complex128 GEMMs over a few steps: the sum of 64 overlaps agrees to ~1e-13.
constexpr double kTolerance = 1e-10;

void expect_matches_reference(int gpus, std::uint64_t seed) {
  const ScalingProblem p{.dimension = 32, .steps = 5, .dt = 0.1, .seed = seed};
  constexpr int kStatesPerGpu = 64;
  const ComplexMatrix u = scaling_propagator(p);
  ShardedEvolution e;
  const std::string created = e.create(p, u, gpus, kStatesPerGpu);
  ASSERT_EQ(created, "");
  for (int r = 0; r < gpus; ++r) ASSERT_EQ(e.enqueue_compute(r), "");
  ASSERT_EQ(e.enqueue_collective(), "");
  const Complex want = overlap_reference(p, u, 0, gpus * kStatesPerGpu);
  for (int r = 0; r < gpus; ++r) {
    Complex got;
    ASSERT_EQ(e.reduced_overlap(r, &got), "");
    EXPECT_LT(std::abs(got - want), kTolerance * (1 + std::abs(want)))
        << gpus << " GPUs, rank " << r << ", seed " << seed << ": got " << got << " want " << want;
  }
}

TEST(ScalingGpu, OneGpuMatchesTheFloat64Reference) {
  REQUIRE_DEVICE();
  expect_matches_reference(1, fresh_seed());
}

TEST(ScalingGpu, EveryGpuCountPresentMatchesTheFloat64Reference) {
  REQUIRE_DEVICE();
  if (cuda::availability().device_count < 2) GTEST_SKIP() << "needs 2 GPUs, " << cuda::availability().device_count << " present";
  for (int gpus : {2, 4, 8})
    if (gpus <= cuda::availability().device_count) expect_matches_reference(gpus, fresh_seed());
}

TEST(ScalingGpu, TheStartGateHoldsAStreamUntilReleased) {
  REQUIRE_DEVICE();
  cuda::LaunchBlocker gate;
  ASSERT_EQ(gate.allocate(), cudaSuccess);
  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), cudaSuccess);
  ASSERT_EQ(gate.block(stream, 5.0), cudaSuccess);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(cudaStreamQuery(stream), cudaErrorNotReady);
  gate.release();
  EXPECT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  EXPECT_FALSE(gate.timed_out());  // released, not timed out
  cudaStreamDestroy(stream);
}

}  // namespace
}  // namespace perfgate::kernels
