// compute-bound: bound = compute under 50% of the precision's ceiling.

#include <gtest/gtest.h>

#include "perfgate/explain/suggest_context.hpp"
#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

SuggestContext context(const Results& r, std::optional<double> launch_floor_s = std::nullopt) {
  return SuggestContext{.current = r, .comparison = nullptr, .baseline = nullptr, .launch_floor_s = launch_floor_s};
}

BenchmarkResult compute_case(const std::string& name, double compute_pct) {
  BenchmarkResult b = testing::benchmark(name, {1e-3, 1e-3, 1e-3});
  b.counters["bound"] = std::string("compute");
  b.counters["compute_pct"] = compute_pct;
  b.counters["TFLOP/s"] = 6.37;
  return b;
}

TEST(SuggestComputeBound, FiresUnderFiftyPercentNamingThePrecision) {
  BenchmarkResult low = compute_case("sgemm_tiled/1024", 9.5);
  low.counters["precision"] = std::string("fp32");
  BenchmarkResult mid = compute_case("hgemm/4095", 34.0);
  mid.counters["perfgate_precision"] = 4.0;  // bf16, as Google Benchmark's counter
  const Results r = testing::results("s", {low, mid}, testing::test_gpu());
  const auto s = rules::compute_bound().apply(context(r));
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].rule, "compute-bound");
  EXPECT_EQ(s[0].benchmark, "sgemm_tiled/1024");
  EXPECT_EQ(s[0].priority, Priority::high);
  EXPECT_EQ(s[0].evidence, "compute-bound at 9.5% of the FP32 compute ceiling (6.37 TFLOP/s)");
  EXPECT_NEAR(s[0].expected_gain.factor, 50.0 / 9.5, 1e-9);
  EXPECT_FALSE(s[0].expected_gain.measured);
  EXPECT_EQ(s[0].expected_gain.text, "estimate: 5.26x if it reached 50% of the compute ceiling");
  EXPECT_NE(s[0].hint.find("FP32 ceiling"), std::string::npos);
  EXPECT_EQ(s[1].priority, Priority::medium);
  EXPECT_NE(s[1].evidence.find("BF16 compute ceiling"), std::string::npos);
  EXPECT_NE(s[1].hint.find("BF16 tensor-core ceiling"), std::string::npos);
}

TEST(SuggestComputeBound, SilentAtOrAboveFiftyPercentAndForMemoryBound) {
  BenchmarkResult memory = compute_case("copy", 5.0);
  memory.counters["bound"] = std::string("memory");
  const Results r = testing::results("s", {compute_case("gemm", 77.0), compute_case("gemm2", 50.0), memory},
                                     testing::test_gpu());
  EXPECT_TRUE(rules::compute_bound().apply(context(r)).empty());
}

}  // namespace
}  // namespace perfgate
