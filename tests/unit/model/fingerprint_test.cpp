#include "perfgate/model/fingerprint.hpp"

#include <gtest/gtest.h>

#include "results_builder.hpp"

namespace perfgate {
namespace {

TEST(Slug, GpuAndCpuNames) {
  EXPECT_EQ(make_slug(DeviceKind::gpu, "NVIDIA H100 80GB HBM3"), "nvidia-h100-80gb-hbm3");
  EXPECT_EQ(make_slug(DeviceKind::cpu, "AMD EPYC 7B13 64-Core Processor"), "cpu-amd-epyc-7b13-64-core-processor");
  EXPECT_EQ(make_slug(DeviceKind::cpu, "Intel(R) Xeon(R) Platinum 8480+"), "cpu-intel-r-xeon-r-platinum-8480");
}

TEST(Slug, OnlyLowercaseDigitsAndSingleDashes) {
  const std::string slug = make_slug(DeviceKind::gpu, "  --Weird__Name!!  ünïcode 2000  ");
  EXPECT_EQ(slug, "weird-name-n-code-2000");
  EXPECT_EQ(make_slug(DeviceKind::cpu, "???"), "cpu-unnamed");
}

TEST(Comparable, SameDeviceIsComparable) {
  EXPECT_TRUE(comparable(testing::test_gpu(), testing::test_gpu()));
  EXPECT_TRUE(comparable(testing::test_cpu(), testing::test_cpu()));
}

TEST(Comparable, DifferencesThatMatterAreNamed) {
  std::string why;
  EXPECT_FALSE(comparable(testing::test_gpu(), testing::test_gpu("NVIDIA H200"), &why));
  EXPECT_NE(why.find("device name"), std::string::npos);
  EXPECT_FALSE(comparable(testing::test_gpu(), testing::test_gpu("NVIDIA H100 80GB HBM3", 114), &why));
  EXPECT_NE(why.find("SM count"), std::string::npos);
  Fingerprint other_cc = testing::test_gpu();
  other_cc.compute_capability = "8.0";
  EXPECT_FALSE(comparable(testing::test_gpu(), other_cc, &why));
  EXPECT_FALSE(comparable(testing::test_gpu(), testing::test_cpu(), &why));
  EXPECT_NE(why.find("device kind"), std::string::npos);
}

TEST(Comparable, DriverAndClocksDoNotMakeDevicesIncomparable) {
  Fingerprint newer = testing::test_gpu();
  newer.driver = "13.1";
  newer.max_sm_clock_mhz = 1755;
  EXPECT_TRUE(comparable(testing::test_gpu(), newer));
}

TEST(Comparable, UnknownDeviceIsComparableWithAny) {
  Fingerprint unknown;
  EXPECT_TRUE(comparable(unknown, testing::test_gpu()));
}

TEST(DeviceKind, RoundTripsAndRejectsUnknownText) {
  for (DeviceKind k : {DeviceKind::gpu, DeviceKind::cpu, DeviceKind::unknown})
    EXPECT_EQ(device_kind_from_string(to_string(k)), k);
  EXPECT_THROW(device_kind_from_string("tpu"), std::invalid_argument);
}

}  // namespace
}  // namespace perfgate
