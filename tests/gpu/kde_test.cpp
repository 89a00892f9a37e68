// The clusterless KDE's GPU variants against the float64 CPU reference on
// fresh presets (element-wise rtol 1e-4, atol 1e-5), and the device-memory
// estimate against the fall in free memory.  Skipped without a device.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <cuda_runtime_api.h>

#include "perfgate/cuda/availability.hpp"
#include "perfgate/kernels/kde_cost.hpp"
#include "perfgate/kernels/kde_cpu.hpp"
#include "perfgate/kernels/kde_gpu.hpp"
#include "perfgate/kernels/kde_presets.hpp"
#include "perfgate/kernels/random_inputs.hpp"

namespace perfgate::kernels {
namespace {

#define REQUIRE_DEVICE() \
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason

std::vector<float> run_on_gpu(const KdeProblem& problem, KdeVariant variant, KdeTiling tiling = {}) {
  KdeGpu kde;
  std::vector<float> ll;
  const KdeStatus created = kde.create(problem, variant, tiling);
  EXPECT_TRUE(created.ok()) << created.text();
  if (!created.ok()) return ll;
  const KdeStatus queued = kde.enqueue(nullptr);
  EXPECT_TRUE(queued.ok()) << queued.text();
  const KdeStatus copied = kde.download(&ll);
  EXPECT_TRUE(copied.ok()) << copied.text();
  return ll;
}

void expect_close(const std::vector<float>& got, const std::vector<double>& want, std::uint64_t seed) {
  constexpr double kRtol = 1e-4, kAtol = 1e-5;
  ASSERT_EQ(got.size(), want.size());
  std::size_t bad = 0, worst = 0;
  double worst_excess = -INFINITY;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double excess = std::abs(got[i] - want[i]) - (kAtol + kRtol * std::abs(want[i]));
    if (!(excess <= 0)) ++bad;  // NaN counts as bad
    if (excess > worst_excess) worst_excess = excess, worst = i;
  }
  EXPECT_EQ(bad, 0u) << "seed " << seed << ": worst at " << worst << " got " << got[worst] << " want " << want[worst];
}

TEST(KdeGpu, BothVariantsMatchTheFloat64Reference) {
  REQUIRE_DEVICE();
  for (const char* name : {"tiny", "small"}) {
    const std::uint64_t seed = fresh_seed();
    SCOPED_TRACE(name);
    const KdeProblem problem = make_kde_problem(kde_preset(name), seed);
    const std::vector<double> want = kde_log_likelihood_reference(problem);
    for (KdeVariant variant : {KdeVariant::reference, KdeVariant::optimized}) {
      SCOPED_TRACE(to_string(variant));
      expect_close(run_on_gpu(problem, variant), want, seed);
    }
    // Several blocks and tiles per electrode.
    expect_close(run_on_gpu(problem, KdeVariant::optimized, {7, 33}), want, seed);
  }
}

// The fall in free memory from creating the state and running one call
// (cuBLAS allocates its workspace on first use) is the estimate within 10%,
// plus 64 MiB for cuBLAS's workspace and the allocator's 2 MiB granules.
TEST(KdeGpu, MemoryEstimateMatchesTheFallInFreeMemory) {
  REQUIRE_DEVICE();
  ASSERT_EQ(cudaFree(nullptr), cudaSuccess);  // the context exists before the first reading
  const KdeProblem problem = make_kde_problem(kde_preset("production"), fresh_seed());
  for (KdeVariant variant : {KdeVariant::reference, KdeVariant::optimized}) {
    SCOPED_TRACE(to_string(variant));
    std::size_t free_before = 0, free_after = 0, total = 0;
    ASSERT_EQ(cudaMemGetInfo(&free_before, &total), cudaSuccess);
    KdeGpu kde;
    ASSERT_TRUE(kde.create(problem, variant).ok());
    ASSERT_TRUE(kde.enqueue(nullptr).ok());
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    ASSERT_EQ(cudaMemGetInfo(&free_after, &total), cudaSuccess);
    const double fall = static_cast<double>(free_before) - static_cast<double>(free_after);
    const double estimate = static_cast<double>(kde_memory_estimate(problem, variant));
    EXPECT_LE(std::abs(fall - estimate), 0.1 * estimate + 64.0 * 1024 * 1024) << "fall " << fall << " estimate " << estimate;
  }
}

}  // namespace
}  // namespace perfgate::kernels
