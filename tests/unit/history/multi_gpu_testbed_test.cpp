// The history's testbed of a run on several GPUs
// (perfgate/history/testbed.hpp): its name carries the GPU count once, as
// the baseline folder does, and it records the count and the peer links.
#include "perfgate/history/testbed.hpp"

#include <gtest/gtest.h>

#include "results_builder.hpp"

namespace perfgate::history {
namespace {

Fingerprint eight_h100() {
  Fingerprint f = perfgate::testing::test_gpu();
  f.gpu_count = 8;
  for (int i = 0; i < 8; ++i) f.gpus.push_back({f.name, ""});
  for (int from = 0; from < 8; ++from)
    for (int to = 0; to < 8; ++to)
      if (from != to) f.peers.push_back({from, to, true, 0, true});
  f.slug = gpus_slug(std::vector<std::string>(8, f.name));
  return f;
}

TEST(MultiGpuTestbed, TheSlugsCountIsTheNamesCount) {
  const Testbed t = testbed_of(eight_h100(), "", "f");
  EXPECT_EQ(t.name, "nvidia-h100-80gb-hbm3-x8-driver-13-0-cuda-13-0");
  EXPECT_EQ(t.device_slug, "nvidia-h100-80gb-hbm3-x8");
  EXPECT_EQ(t.gpu_count, 8);
  EXPECT_EQ(t.topology, "peer access 56 of 56 pairs, native atomics 56 of 56, performance rank 0");
}

TEST(MultiGpuTestbed, ASlugWithoutTheCountGetsItInTheName) {
  Fingerprint f = eight_h100();
  f.slug = "nvidia-h100-80gb-hbm3";  // written by hand, say
  EXPECT_EQ(testbed_of(f, "", "f").name, "nvidia-h100-80gb-hbm3-x8-driver-13-0-cuda-13-0");
}

TEST(MultiGpuTestbed, OneGpuKeepsItsName) {
  const Testbed t = testbed_of(perfgate::testing::test_gpu(), "", "f");
  EXPECT_EQ(t.name, "nvidia-h100-80gb-hbm3-driver-13-0-cuda-13-0");
  EXPECT_EQ(t.gpu_count, 1);
  EXPECT_EQ(t.topology, "");
}

}  // namespace
}  // namespace perfgate::history
