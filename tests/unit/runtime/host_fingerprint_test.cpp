#include "runtime/host_fingerprint.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

TEST(HostFingerprint, NamesTheProcessorAndMakesACpuSlug) {
  const Fingerprint f = host_fingerprint();
  EXPECT_EQ(f.kind, DeviceKind::cpu);
  EXPECT_FALSE(f.name.empty());
  EXPECT_EQ(f.slug, make_slug(DeviceKind::cpu, f.name));
  EXPECT_EQ(f.slug.rfind("cpu-", 0), 0u);
  EXPECT_EQ(f.slug.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-"), std::string::npos);
  EXPECT_GT(f.logical_cpus, 0);
}

}  // namespace
}  // namespace perfgate
