// memory-bound: bound = memory under 60% of the bandwidth ceiling.

#include <gtest/gtest.h>

#include "perfgate/explain/suggest_context.hpp"
#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

SuggestContext context(const Results& r, std::optional<double> launch_floor_s = std::nullopt) {
  return SuggestContext{.current = r, .comparison = nullptr, .baseline = nullptr, .launch_floor_s = launch_floor_s};
}

BenchmarkResult memory_case(const std::string& name, double memory_pct) {
  BenchmarkResult b = testing::benchmark(name, {1e-3, 1e-3, 1e-3});
  b.counters["bound"] = std::string("memory");
  b.counters["memory_pct"] = memory_pct;
  b.counters["GB/s"] = 840.0;
  b.counters["arithmetic_intensity"] = 0.25;
  b.counters["ceilings"] = std::string("measured");
  return b;
}

TEST(SuggestMemoryBound, FiresUnderSixtyPercentOfTheBandwidthCeiling) {
  const Results r = testing::results("s", {memory_case("copy/low", 25.0), memory_case("copy/mid", 45.0)}, testing::test_gpu());
  const auto s = rules::memory_bound().apply(context(r));
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].rule, "memory-bound");
  EXPECT_EQ(s[0].benchmark, "copy/low");
  EXPECT_EQ(s[0].priority, Priority::high);
  EXPECT_EQ(s[0].evidence, "memory-bound at 25% of the bandwidth ceiling (840 GB/s, 0.25 FLOP/byte); measured ceilings");
  EXPECT_DOUBLE_EQ(s[0].expected_gain.factor, 60.0 / 25.0);
  EXPECT_FALSE(s[0].expected_gain.measured);
  EXPECT_EQ(s[0].expected_gain.text, "estimate: 2.4x if it reached 60% of the bandwidth ceiling");
  EXPECT_NE(s[0].hint.find("16 bytes"), std::string::npos);
  EXPECT_EQ(s[1].priority, Priority::medium);
}

TEST(SuggestMemoryBound, SilentAtSeventyPercentForComputeBoundAndForFailedCases) {
  BenchmarkResult compute = memory_case("gemm", 10.0);
  compute.counters["bound"] = std::string("compute");
  BenchmarkResult failed = memory_case("broken", 10.0);
  failed.error = "cudaMalloc: out of memory";
  const Results r = testing::results("s", {memory_case("copy", 70.0), compute, failed}, testing::test_gpu());
  EXPECT_TRUE(rules::memory_bound().apply(context(r)).empty());
}

}  // namespace
}  // namespace perfgate
