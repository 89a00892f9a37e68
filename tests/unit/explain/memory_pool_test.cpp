#include <gtest/gtest.h>

#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

using testing::benchmark;

std::vector<double> flat(double median) { return {median * 0.999, median, median * 1.001, median, median}; }

BenchmarkResult allocating(const std::string& name, double median) {
  BenchmarkResult b = benchmark(name, flat(median));
  b.counters["allocations/s"] = 1.0 / median;
  return b;
}

TEST(SuggestMemoryPool, FiresWhereThePoolIsFaster) {
  const Results r = testing::results("memory",
                                     {allocating("memory/cudaMalloc/4KiB", 100e-6), allocating("memory/pool/4KiB", 10e-6),
                                      allocating("memory/cudaMalloc/1MiB", 30e-6), allocating("memory/pool/1MiB", 10e-6)},
                                     testing::test_gpu());
  const auto out = rules::memory_pool().apply(SuggestContext{r, nullptr, nullptr, std::nullopt});
  ASSERT_EQ(out.size(), 2u);
  const Suggestion& big = out[0].benchmark == "memory/cudaMalloc/4KiB" ? out[0] : out[1];
  const Suggestion& small = out[0].benchmark == "memory/cudaMalloc/4KiB" ? out[1] : out[0];
  EXPECT_EQ(big.rule, "memory-pool");
  EXPECT_EQ(big.priority, Priority::high);  // 10x
  EXPECT_TRUE(big.expected_gain.measured);
  EXPECT_NEAR(big.expected_gain.factor, 10.0, 1e-9);
  EXPECT_NE(big.evidence.find("cudaMalloc 100 µs"), std::string::npos) << big.evidence;
  EXPECT_NE(big.evidence.find("pool 10.0 µs"), std::string::npos) << big.evidence;
  EXPECT_NE(big.evidence.find("10000 allocations/s"), std::string::npos) << big.evidence;
  EXPECT_NE(big.evidence.find("100000 allocations/s"), std::string::npos) << big.evidence;
  EXPECT_NE(big.hint.find("cudaMallocAsync"), std::string::npos);
  EXPECT_EQ(small.benchmark, "memory/cudaMalloc/1MiB");
  EXPECT_EQ(small.priority, Priority::medium);  // 3x
  EXPECT_NEAR(small.expected_gain.factor, 3.0, 1e-9);
}

TEST(SuggestMemoryPool, SilentWhenThePoolIsNotFasterOrNotMeasured) {
  const Results r = testing::results(
      "memory",
      {allocating("memory/cudaMalloc/4KiB", 11e-6), allocating("memory/pool/4KiB", 10e-6),  // 1.1x: under 1.2x
       allocating("memory/cudaMalloc/1MiB", 100e-6), testing::failed_benchmark("memory/pool/1MiB", "cudaMallocAsync: boom"),
       allocating("memory/cudaMalloc/16MiB", 100e-6)},  // no pool sibling at all
      testing::test_gpu());
  EXPECT_TRUE(rules::memory_pool().apply(SuggestContext{r, nullptr, nullptr, std::nullopt}).empty());
}

}  // namespace
}  // namespace perfgate
