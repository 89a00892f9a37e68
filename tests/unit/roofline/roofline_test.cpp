#include "roofline/roofline.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

// Round numbers: 1000 TFLOP/s BF16 and 2000 GB/s, so the ridge point is 500
// FLOP/byte.
Ceilings round_ceilings() {
  Ceilings c;
  c.source = CeilingSource::measured;
  c.memory_bytes_per_s = 2e12;
  c.flops_per_s[Precision::bf16] = 1000e12;
  c.flops_per_s[Precision::fp32] = 50e12;
  return c;
}

TEST(Roofline, AGemmAboveTheRidgeIsComputeBound) {
  // 8192^3 BF16: 2 n^3 FLOP over 3 n^2 x 2 bytes: intensity 2730 FLOP/byte.
  const double n = 8192;
  DeclaredWork w{2 * n * n * n, 2 * n * n * 2, n * n * 2, Precision::bf16};
  const RooflinePoint p = place_on_roofline(w, 2 * n * n * n / 800e12, round_ceilings());  // ran at 800 TFLOP/s
  EXPECT_NEAR(*p.flops_per_s, 800e12, 1e6);
  EXPECT_NEAR(*p.intensity, 2 * n / 6, 1e-9);
  EXPECT_NEAR(*p.compute_pct, 80.0, 1e-9);
  EXPECT_EQ(*p.bound, "compute");
  EXPECT_NEAR(*p.roofline_pct, 80.0, 1e-9) << "above the ridge the roof is the compute ceiling";
}

TEST(Roofline, AStreamingKernelBelowTheRidgeIsMemoryBoundAndJudgedByTheSlopedRoof) {
  // y = a x + y over 1e9 floats: 2 FLOP, 12 bytes per element, 1/6 FLOP/byte.
  DeclaredWork w{2e9, 8e9, 4e9, Precision::fp32};
  const double seconds = 12e9 / 1.5e12;  // 1500 GB/s
  const RooflinePoint p = place_on_roofline(w, seconds, round_ceilings());
  EXPECT_NEAR(*p.bytes_per_s, 1.5e12, 1e3);
  EXPECT_NEAR(*p.memory_pct, 75.0, 1e-9);
  EXPECT_EQ(*p.bound, "memory");
  // The roof at 1/6 FLOP/byte is 2000 GB/s x 1/6 = 333 GFLOP/s; it ran 250.
  EXPECT_NEAR(*p.roofline_pct, 75.0, 1e-9);
}

TEST(Roofline, ACopyHasNoFlopsAndIsMemoryBound) {
  DeclaredWork w{0, 1e9, 1e9, Precision::fp32};
  const RooflinePoint p = place_on_roofline(w, 1e-3, round_ceilings());
  EXPECT_FALSE(p.flops_per_s.has_value());
  EXPECT_FALSE(p.intensity.has_value());
  EXPECT_NEAR(*p.memory_pct, 100.0, 1e-9);
  EXPECT_EQ(*p.bound, "memory");
  EXPECT_EQ(*p.roofline_pct, *p.memory_pct);
}

TEST(Roofline, WithoutACeilingForThePrecisionThereAreNoPercentagesOfIt) {
  DeclaredWork w{1e12, 1e9, 0, Precision::fp8};
  const RooflinePoint p = place_on_roofline(w, 1e-3, round_ceilings());
  EXPECT_TRUE(p.flops_per_s.has_value());
  EXPECT_FALSE(p.compute_pct.has_value());
  EXPECT_FALSE(p.bound.has_value()) << "no ridge point without the compute ceiling";
  EXPECT_TRUE(p.memory_pct.has_value());
}

TEST(Roofline, AZeroTimeGivesNothing) {
  const RooflinePoint p = place_on_roofline({1e9, 1e9, 0, Precision::bf16}, 0.0, round_ceilings());
  EXPECT_FALSE(p.flops_per_s || p.bytes_per_s || p.bound);
}

}  // namespace
}  // namespace perfgate
