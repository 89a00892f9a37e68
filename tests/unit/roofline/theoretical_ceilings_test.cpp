// Theoretical ceilings against the H100 SXM datasheet: 3.35 TB/s HBM3,
// 66.9 TFLOP/s FP64 tensor and FP32 (quoted at the 1980 MHz boost clock),
// and dense tensor rates quoted at 1830 MHz: 494.7 TF32, 989.4 FP16/BF16,
// 1978.9 FP8 TFLOP/s.

#include "roofline/theoretical_ceilings.hpp"

#include <gtest/gtest.h>

#include "roofline/per_sm_rates.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

Fingerprint h100_sxm(int sm_clock_mhz) {
  Fingerprint f = testing::test_gpu("NVIDIA H100 80GB HBM3", 132);
  f.max_sm_clock_mhz = sm_clock_mhz;
  return f;
}

void expect_within(double value, double datasheet, double fraction) {
  EXPECT_NEAR(value / datasheet, 1.0, fraction) << value << " vs " << datasheet;
}

TEST(TheoreticalCeilings, MemoryBandwidthIsDoubleDataRateTimesBusWidth) {
  expect_within(theoretical_memory_bandwidth(5120, 2619), 3.35e12, 0.001);  // H100 SXM
  expect_within(theoretical_memory_bandwidth(5120, 1593), 2.039e12, 0.001);  // A100 80GB SXM
  EXPECT_EQ(theoretical_memory_bandwidth(0, 2619), 0.0);
}

TEST(TheoreticalCeilings, H100CudaCoreAndFp64RatesMatchTheDatasheetAtBoostClock) {
  const Ceilings c = theoretical_ceilings(h100_sxm(1980));
  EXPECT_EQ(c.source, CeilingSource::theoretical);
  expect_within(*c.flops(Precision::fp64), 66.9e12, 0.002);
  expect_within(*c.flops(Precision::fp32), 66.9e12, 0.002);
  expect_within(*c.memory(), 3.35e12, 0.001);
}

TEST(TheoreticalCeilings, H100TensorRatesMatchTheDatasheetAtItsTensorClock) {
  const Ceilings c = theoretical_ceilings(h100_sxm(1830));
  expect_within(*c.flops(Precision::tf32), 494.7e12, 0.001);
  expect_within(*c.flops(Precision::fp16), 989.4e12, 0.001);
  expect_within(*c.flops(Precision::bf16), 989.4e12, 0.001);
  expect_within(*c.flops(Precision::fp8), 1978.9e12, 0.001);
}

TEST(TheoreticalCeilings, A100AndV100MatchTheirDatasheets) {
  Fingerprint a100 = testing::test_gpu("NVIDIA A100-SXM4-80GB", 108);
  a100.compute_capability = "8.0";
  a100.max_sm_clock_mhz = 1410;
  const Ceilings a = theoretical_ceilings(a100);
  expect_within(*a.flops(Precision::fp64), 19.5e12, 0.002);
  expect_within(*a.flops(Precision::tf32), 156e12, 0.002);
  expect_within(*a.flops(Precision::bf16), 312e12, 0.002);
  EXPECT_FALSE(a.flops(Precision::fp8).has_value()) << "A100 has no FP8 tensor cores";
  Fingerprint v100 = testing::test_gpu("Tesla V100-SXM2-32GB", 80);
  v100.compute_capability = "7.0";
  v100.max_sm_clock_mhz = 1530;
  const Ceilings v = theoretical_ceilings(v100);
  expect_within(*v.flops(Precision::fp32), 15.7e12, 0.003);
  expect_within(*v.flops(Precision::fp16), 125e12, 0.003);
  EXPECT_FALSE(v.flops(Precision::bf16).has_value());
}

TEST(TheoreticalCeilings, AnUnknownChipHasMemoryButNoComputeCeilings) {
  Fingerprint future = testing::test_gpu("Some Future GPU", 200);
  future.compute_capability = "12.7";
  const Ceilings c = theoretical_ceilings(future);
  EXPECT_TRUE(c.memory().has_value());
  for (Precision p : kAllPrecisions) EXPECT_FALSE(c.flops(p).has_value()) << to_string(p);
  EXPECT_FALSE(flops_per_sm_per_clock("12.7", Precision::fp32).has_value());
}

TEST(TheoreticalCeilings, ACpuHasNone) {
  const Ceilings c = theoretical_ceilings(testing::test_cpu());
  EXPECT_FALSE(c.memory().has_value());
  EXPECT_TRUE(c.flops_per_s.empty());
}

}  // namespace
}  // namespace perfgate
