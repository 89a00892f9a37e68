// tensor-core-alignment: tensor-core precisions on shapes not multiples of 16.

#include <gtest/gtest.h>

#include "perfgate/explain/suggest_context.hpp"
#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

SuggestContext context(const Results& r, std::optional<double> launch_floor_s = std::nullopt) {
  return SuggestContext{.current = r, .comparison = nullptr, .baseline = nullptr, .launch_floor_s = launch_floor_s};
}

BenchmarkResult gemm(const std::string& name, const std::string& precision, double alignment, double tflops) {
  BenchmarkResult b = testing::benchmark(name, {1e-3, 1e-3, 1e-3});
  b.counters["precision"] = precision;
  b.counters["tc_alignment"] = alignment;
  b.counters["TFLOP/s"] = tflops;
  return b;
}

TEST(SuggestTensorCoreAlignment, MeasuresTheGainAgainstTheAlignedNeighbour) {
  const Results r = testing::results("gemm",
                                     {gemm("gemm/bf16/4095x4095x4095", "bf16", 0.0, 156.0),
                                      gemm("gemm/bf16/4096x4096x4096", "bf16", 1.0, 780.0),
                                      gemm("gemm/fp16/4096x4096x4096", "fp16", 1.0, 2000.0)},  // other precision: ignored
                                     testing::test_gpu());
  const auto s = rules::tensor_core_alignment().apply(context(r));
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].rule, "tensor-core-alignment");
  EXPECT_EQ(s[0].benchmark, "gemm/bf16/4095x4095x4095");
  EXPECT_EQ(s[0].priority, Priority::high);
  EXPECT_TRUE(s[0].expected_gain.measured);
  EXPECT_DOUBLE_EQ(s[0].expected_gain.factor, 5.0);
  EXPECT_EQ(s[0].expected_gain.text, "the aligned 4096x4096x4096 ran at 5x the TFLOP/s");
  EXPECT_EQ(s[0].evidence,
            "tc_alignment 0 in BF16: m = 4095, n = 4095, k = 4095 not multiples of 8; 156 TFLOP/s against 780 TFLOP/s "
            "for gemm/bf16/4096x4096x4096");
  EXPECT_NE(s[0].hint.find("4095x4095x4095 -> 4096x4096x4096"), std::string::npos);
}

TEST(SuggestTensorCoreAlignment, EstimatesWithoutAnAlignedNeighbour) {
  const Results r = testing::results("gemm",
                                     {gemm("gemm/fp16/4104x4096x1000", "fp16", 0.7, 200.0),
                                      gemm("gemm/fp16/8192x8192x8192", "fp16", 1.0, 750.0)},  // too far away
                                     testing::test_gpu());
  const auto s = rules::tensor_core_alignment().apply(context(r));
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].priority, Priority::medium);
  EXPECT_FALSE(s[0].expected_gain.measured);
  EXPECT_EQ(s[0].expected_gain.factor, 0.0);
  EXPECT_EQ(s[0].expected_gain.text.rfind("estimate: ", 0), 0u);
  EXPECT_EQ(s[0].evidence, "tc_alignment 0.7 in FP16: m = 4104, k = 1000 multiples of 8, not 16");
}

TEST(SuggestTensorCoreAlignment, SilentForAlignedShapesAndForFp32) {
  const Results r = testing::results("gemm",
                                     {gemm("gemm/bf16/4096x4096x4096", "bf16", 1.0, 780.0),
                                      gemm("gemm/fp32/4095x4095x4095", "fp32", 0.0, 49.0)},
                                     testing::test_gpu());
  EXPECT_TRUE(rules::tensor_core_alignment().apply(context(r)).empty());
}

}  // namespace
}  // namespace perfgate
