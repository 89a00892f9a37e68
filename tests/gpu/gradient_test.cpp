// The gradient workload on the GPU (issue 29) against its float64 CPU
// reference: loss and gradient by the adjoint and the tape, on 1 GPU and
// on every GPU count up to those present; the device memory each method
// takes; a tape that does not fit.  Skipped without a device.

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include <cuda_runtime_api.h>

#include "perfgate/cuda/availability.hpp"
#include "perfgate/kernels/gradient_reference.hpp"
#include "perfgate/kernels/random_inputs.hpp"
#include "perfgate/kernels/sharded_gradient.hpp"

namespace perfgate::kernels {
namespace {

#define REQUIRE_DEVICE() \
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason

// complex128 throughout: a few steps of d = 32 agree to ~1e-12.
constexpr double kTolerance = 1e-9;

void expect_matches_reference(GradientMethod method, int gpus, std::uint64_t seed) {
  ControlProblem p;
  p.dimension = 32;
  p.controls = 3;
  p.steps = 6;
  p.dt = 0.1;
  p.seed = seed;
  constexpr int kStatesPerGpu = 16;
  ShardedGradient g;
  ASSERT_EQ(g.create(p, step_operators(p, amplitudes(p)), method, gpus, kStatesPerGpu), "");
  EXPECT_EQ(g.device_bytes(0), gradient_device_bytes(p, method, kStatesPerGpu));
  for (int r = 0; r < gpus; ++r) ASSERT_EQ(g.enqueue_compute(r), "");
  ASSERT_EQ(g.enqueue_collective(), "");
  const GradientResult want = gradient_reference(p, method, 0, gpus * kStatesPerGpu);
  for (int r = 0; r < gpus; ++r) {
    double loss = 0.0;
    std::vector<double> gradient;
    ASSERT_EQ(g.reduced_gradient(r, &loss, &gradient), "");
    EXPECT_NEAR(loss, want.loss, kTolerance * (1 + want.loss)) << to_string(method) << ", " << gpus << " GPUs, rank " << r;
    ASSERT_EQ(gradient.size(), want.gradient.size());
    for (std::size_t k = 0; k < gradient.size(); ++k)
      EXPECT_NEAR(gradient[k], want.gradient[k], kTolerance * (1 + std::fabs(want.gradient[k])))
          << to_string(method) << ", " << gpus << " GPUs, rank " << r << ", control " << k << ", seed " << seed;
  }
}

TEST(GradientGpu, BothMethodsOnOneGpuMatchTheFloat64Reference) {
  REQUIRE_DEVICE();
  const std::uint64_t seed = fresh_seed();
  expect_matches_reference(GradientMethod::adjoint, 1, seed);
  expect_matches_reference(GradientMethod::tape, 1, seed);
}

// The supergrad sweep's point that does not fit: the tape's allocation
// fails with cudaErrorMemoryAllocation (the suite's "out of device memory"
// skip), nothing is left for the next case, and the next gradient is right.
TEST(GradientGpu, ATapeThatDoesNotFitIsOutOfMemoryAndTheNextGradientIsRight) {
  REQUIRE_DEVICE();
  {
    ControlProblem p;
    p.dimension = 128;
    p.controls = 1;
    p.steps = 200000;  // 200001 blocks of 8 MiB: 1.6 TB
    ShardedGradient huge;
    const std::string error = huge.create(p, step_operators(p, amplitudes(p)), GradientMethod::tape, 1, 4096);
    EXPECT_NE(error.find("cudaErrorMemoryAllocation"), std::string::npos) << error;
  }
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  expect_matches_reference(GradientMethod::adjoint, 1, fresh_seed());
}

TEST(GradientGpu, EveryGpuCountPresentMatchesTheFloat64Reference) {
  REQUIRE_DEVICE();
  if (cuda::availability().device_count < 2) GTEST_SKIP() << "needs 2 GPUs, " << cuda::availability().device_count << " present";
  for (int gpus : {2, 4, 8})
    if (gpus <= cuda::availability().device_count)
      for (GradientMethod method : {GradientMethod::adjoint, GradientMethod::tape})
        expect_matches_reference(method, gpus, fresh_seed());
}

}  // namespace
}  // namespace perfgate::kernels
