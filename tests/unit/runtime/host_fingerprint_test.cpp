#include "runtime/host_fingerprint.hpp"

#include <gtest/gtest.h>

#include "runtime/cpu_identity.hpp"

namespace perfgate {
namespace {

TEST(HostFingerprint, NamesTheProcessorAndMakesACpuSlug) {
  const Fingerprint f = host_fingerprint();
  EXPECT_EQ(f.kind, DeviceKind::cpu);
  EXPECT_FALSE(f.name.empty());
  EXPECT_EQ(f.slug, cpu_slug(f));
  EXPECT_EQ(f.slug.rfind(make_slug(DeviceKind::cpu, f.name), 0), 0u) << f.slug << ": starts with the readable name";
  EXPECT_EQ(f.slug.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-"), std::string::npos);
  EXPECT_GT(f.logical_cpus, 0);
}

// Issue 40: the identity beyond the model name, where /proc/cpuinfo gives one.
TEST(HostFingerprint, CarriesTheCpusIdentityWhereTheKernelGivesOne) {
  const Fingerprint f = host_fingerprint();
  if (!f.cpu.known()) GTEST_SKIP() << "/proc/cpuinfo names no vendor or implementer here";
  EXPECT_FALSE(f.cpu.hypervisor.empty());
  EXPECT_NE(f.slug.find("-fam" + std::to_string(f.cpu.family) + "-mod" + std::to_string(f.cpu.model)), std::string::npos)
      << f.slug;
  EXPECT_NE(f.slug.find("-" + std::to_string(f.logical_cpus) + "cpu"), std::string::npos) << f.slug;
  EXPECT_EQ(f.cpu.virtual_machine(), !f.slug.ends_with("cpu")) << f.slug << ": a VM's slug ends with its hypervisor";
  EXPECT_EQ(f.cpu, this_cpu_identity()) << "read the same way twice";
}

}  // namespace
}  // namespace perfgate
