// faster-precision: an FP32 case whose TF32/BF16/FP16 sibling measured faster.

#include <gtest/gtest.h>

#include "perfgate/explain/suggest_context.hpp"
#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

SuggestContext context(const Results& r, std::optional<double> launch_floor_s = std::nullopt) {
  return SuggestContext{.current = r, .comparison = nullptr, .baseline = nullptr, .launch_floor_s = launch_floor_s};
}

BenchmarkResult per_call(const std::string& name, double seconds) {
  return testing::benchmark(name, {seconds, seconds, seconds});
}

TEST(SuggestFasterPrecision, SuggestsTheFastestMeasuredVariant) {
  const Results r = testing::results("gemm",
                                     {per_call("gemm/fp32/4096x4096x4096", 2.66e-3), per_call("gemm/tf32/4096x4096x4096", 0.356e-3),
                                      per_call("gemm/bf16/4096x4096x4096", 0.181e-3), per_call("gemm/fp16/4096x4096x4096", 0.190e-3)},
                                     testing::test_gpu());
  const auto s = rules::faster_precision().apply(context(r));
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].rule, "faster-precision");
  EXPECT_EQ(s[0].benchmark, "gemm/fp32/4096x4096x4096");
  EXPECT_EQ(s[0].priority, Priority::high);
  EXPECT_TRUE(s[0].expected_gain.measured);
  EXPECT_NEAR(s[0].expected_gain.factor, 2.66 / 0.181, 1e-9);
  EXPECT_EQ(s[0].expected_gain.text, "BF16 ran 14.7x faster than FP32 at this shape on this device");
  EXPECT_EQ(s[0].evidence,
            "median 2.66 ms in FP32, 181 µs in BF16 (gemm/bf16/4096x4096x4096); TF32 7.47x faster; FP16 14x faster");
  EXPECT_NE(s[0].hint.find("1e-2"), std::string::npos);
  EXPECT_NE(s[0].hint.find("TF32"), std::string::npos);  // the more accurate alternative
}

TEST(SuggestFasterPrecision, PriorityFollowsTheFactor) {
  const Results r = testing::results("gemm",
                                     {per_call("a/fp32/64", 1.0e-3), per_call("a/tf32/64", 0.5e-3),  // 2x: medium
                                      per_call("b/fp32/64", 1.0e-3), per_call("b/tf32/64", 0.8e-3)},  // 1.25x: low
                                     testing::test_gpu());
  const auto s = rules::faster_precision().apply(context(r));
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].priority, Priority::medium);
  EXPECT_EQ(s[0].expected_gain.text, "TF32 ran 2x faster than FP32 at this shape on this device");
  EXPECT_NE(s[0].hint.find("1e-3"), std::string::npos);
  EXPECT_EQ(s[1].priority, Priority::low);
}

TEST(SuggestFasterPrecision, SilentWhenFp32IsFasterOrTheVariantDidNotRun) {
  const Results r = testing::results("gemm",
                                     {per_call("gemm/fp32/512x512x512", 10e-6), per_call("gemm/bf16/512x512x512", 11e-6),
                                      per_call("gemm/tf32/512x512x512", 9e-6),  // 1.11x: below 1.2
                                      per_call("gemm/fp32/1024x1024x1024", 60e-6),
                                      testing::failed_benchmark("gemm/bf16/1024x1024x1024", "cublas error")},
                                     testing::test_gpu());
  EXPECT_TRUE(rules::faster_precision().apply(context(r)).empty());
}

}  // namespace
}  // namespace perfgate
