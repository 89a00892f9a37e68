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

// The estimate counts perfgate's own buffers; cuBLAS adds a workspace per
// handle and loading kernels takes memory once, both independent of the
// problem (about 69 MB together on an H100 with CUDA 13).  So the check is
// on what grows with the problem: from tiny to production, the fall in free
// memory grows by the estimate's growth within 10% + 8 MiB (the allocator's
// 2 MiB granules).  Tiny runs once first, unmeasured, to load the modules.
double memory_fall(const KdeProblem& problem, KdeVariant variant) {
  std::size_t free_before = 0, free_after = 0, total = 0;
  EXPECT_EQ(cudaMemGetInfo(&free_before, &total), cudaSuccess);
  KdeGpu kde;
  EXPECT_TRUE(kde.create(problem, variant).ok());
  EXPECT_TRUE(kde.enqueue(nullptr).ok());  // cuBLAS allocates its workspace on first use
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(cudaMemGetInfo(&free_after, &total), cudaSuccess);
  return static_cast<double>(free_before) - static_cast<double>(free_after);
}

TEST(KdeGpu, MemoryEstimateGrowsAsTheMeasuredMemory) {
  REQUIRE_DEVICE();
  ASSERT_EQ(cudaFree(nullptr), cudaSuccess);  // the context exists before the first reading
  const std::uint64_t seed = fresh_seed();
  const KdeProblem tiny = make_kde_problem(kde_preset("tiny"), seed);
  const KdeProblem production = make_kde_problem(kde_preset("production"), seed);
  for (KdeVariant variant : {KdeVariant::reference, KdeVariant::optimized}) {
    SCOPED_TRACE(to_string(variant));
    memory_fall(tiny, variant);
    const double fixed = memory_fall(tiny, variant);
    const double growth = memory_fall(production, variant) - fixed;
    const double estimated_growth = static_cast<double>(kde_memory_estimate(production, variant)) -
                                    static_cast<double>(kde_memory_estimate(tiny, variant));
    EXPECT_LE(std::abs(growth - estimated_growth), 0.1 * estimated_growth + 8.0 * 1024 * 1024)
        << "measured growth " << growth << ", estimated " << estimated_growth;
    EXPECT_LT(fixed, 128.0 * 1024 * 1024) << "what the tiny problem costs beyond its buffers";
  }
}

}  // namespace
}  // namespace perfgate::kernels
