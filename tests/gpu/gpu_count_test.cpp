// The GPUs a suite sees (perfgate::cuda::visible_gpu_count, require_gpus)
// and the fingerprint of a run on several of them (cuda::gpus_fingerprint,
// this_device).  Without a device the skip paths are checked; with one GPU
// the skip of a case that needs two and the plain slug; the fingerprint of
// several GPUs needs at least two.
#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include "cuda/device_fingerprint.hpp"
#include "gpu_case.hpp"
#include "perfgate/cuda/availability.hpp"
#include "perfgate/cuda/case_checks.hpp"
#include "cuda/this_device.hpp"

namespace perfgate {
namespace {

int runtime_device_count() {
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess ? count : 0;
}

TEST(GpuCount, VisibleGpusAreTheRuntimesCount) {
  if (!cuda::availability().usable) {
    EXPECT_EQ(cuda::visible_gpu_count(), 0);
    GTEST_SKIP() << cuda::availability().reason;
  }
  EXPECT_EQ(cuda::visible_gpu_count(), runtime_device_count());
}

TEST(GpuCount, ACaseNeedingOneMoreGpuIsSkippedWithTheShortage) {
  const int present = cuda::visible_gpu_count();
  bool ran = false;
  const BenchmarkResult r = testing::run_gpu_case("needs_more_gpus", [&](benchmark::State& state) {
    if (!cuda::require_gpus(state, present + 1)) return;
    ran = true;
    for (auto _ : state) {
    }
  });
  EXPECT_FALSE(ran);
  ASSERT_TRUE(r.skipped.has_value()) << r.error.value_or("(measured)");
  if (present == 0)
    EXPECT_EQ(r.skipped->rfind("no CUDA device", 0), 0u) << *r.skipped;  // device_ready's reason
  else
    EXPECT_EQ(*r.skipped, "needs " + std::to_string(present + 1) + " GPUs, " + std::to_string(present) + " present");
}

TEST(GpuCount, ACaseNeedingThePresentGpusRuns) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  bool ran = false;
  testing::run_gpu_case("needs_present_gpus", [&](benchmark::State& state) {
    if (!cuda::require_gpus(state, cuda::visible_gpu_count())) return;
    ran = true;
    for (auto _ : state) {
    }
  });
  EXPECT_TRUE(ran);
}

TEST(GpuCount, ASuiteOfManyGpusOnOneKeepsThePlainSlug) {
  if (!cuda::availability().usable) GTEST_SKIP() << cuda::availability().reason;
  if (cuda::visible_gpu_count() != 1) GTEST_SKIP() << "needs exactly 1 GPU, " << cuda::visible_gpu_count() << " present";
  const Fingerprint f = this_device(true, 8);
  EXPECT_EQ(f.slug, make_slug(DeviceKind::gpu, f.name));
  EXPECT_EQ(f.gpu_count, 1);
}

TEST(GpuCount, TheFingerprintOfSeveralGpusListsEachAndEveryPair) {
  const int present = cuda::visible_gpu_count();
  if (present < 2) GTEST_SKIP() << "needs 2 GPUs, " << present << " present";
  const Fingerprint f = cuda::gpus_fingerprint(present);
  EXPECT_EQ(f.gpu_count, present);
  ASSERT_EQ(f.gpus.size(), static_cast<std::size_t>(present));
  EXPECT_EQ(f.peers.size(), static_cast<std::size_t>(present * (present - 1)));
  for (const GpuModel& gpu : f.gpus) EXPECT_FALSE(gpu.pci_bus_id.empty());
  for (const PeerLink& link : f.peers) {
    int can_access = 0;
    ASSERT_EQ(cudaDeviceCanAccessPeer(&can_access, link.from, link.to), cudaSuccess);
    EXPECT_EQ(link.access, can_access != 0) << link.from << " -> " << link.to;
  }
  EXPECT_EQ(f.slug, expected_slug(f));
  EXPECT_NE(f.slug.find("-x" + std::to_string(present)), std::string::npos) << f.slug;
  EXPECT_TRUE(this_device(true, 2).slug.ends_with("-x2")) << "a suite of GPUS 2 uses 2 of them";
}

}  // namespace
}  // namespace perfgate
