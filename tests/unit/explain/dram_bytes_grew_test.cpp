// "dram-bytes-grew": a memory-bound GPU case whose kernels move more DRAM
// bytes than the baseline's, named with the kernels that grew; nothing for
// a compute-bound case, an uncounted side, or bytes within 1%.

#include <gtest/gtest.h>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/model/counter_names.hpp"
#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;

BenchmarkResult counted(const std::string& name, double median_s, std::uint64_t seed, double read_a_launch,
                        const std::string& bound = "memory") {
  BenchmarkResult b = benchmark(name, lognormal_samples(median_s, 0.01, 10, seed));
  b.counters[counter::kBound] = bound;
  b.kernel_counts = {{"stencil(float const*, float*)", 1.0,
                      {{counter::kKernelInstructions, 1e6}, {counter::kKernelDramBytesRead, read_a_launch},
                       {counter::kKernelDramBytesWritten, 1e6}}}};
  b.counters[counter::kKernelInstructions] = 1e6;
  b.counters[counter::kKernelDramBytesRead] = read_a_launch;
  b.counters[counter::kKernelDramBytesWritten] = 1e6;
  return b;
}

std::vector<Suggestion> judge(std::vector<BenchmarkResult> old_cases, std::vector<BenchmarkResult> new_cases,
                              Comparison* comparison = nullptr) {
  const Results baseline = testing::results("gpu", std::move(old_cases));
  const Results current = testing::results("gpu", std::move(new_cases));
  const Comparison c = compare_results(baseline, current, GateSettings{});
  if (comparison) *comparison = c;
  return rules::dram_bytes_grew().apply({current, &c, &baseline, std::nullopt});
}

TEST(SuggestDramBytesGrew, AMemoryBoundCaseWhoseKernelReadsItsInputTwiceIsNamed) {
  Comparison c;
  const auto s = judge({counted("stencil", 1e-3, 1, 1e6)}, {counted("stencil", 1.5e-3, 2, 2e6)}, &c);
  ASSERT_EQ(c.find("stencil")->verdict, Verdict::regression);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].rule, "dram-bytes-grew");
  EXPECT_EQ(s[0].priority, Priority::high);
  EXPECT_NE(s[0].evidence.find("its kernels move +50% DRAM bytes a timed iteration (2e+06 -> 3e+06"), std::string::npos)
      << s[0].evidence;
  EXPECT_NE(s[0].evidence.find("kernels: stencil(float const*, float*) 2e+06 -> 3e+06 bytes (+50%)"), std::string::npos)
      << s[0].evidence;
  // (1 - 2/3) of the time: what moving the baseline's bytes again would save.
  EXPECT_NE(s[0].expected_gain.text.find("estimate: 33.3% less time"), std::string::npos) << s[0].expected_gain.text;
}

TEST(SuggestDramBytesGrew, NothingForComputeBoundWithinOnePercentOrUncounted) {
  EXPECT_TRUE(judge({counted("a", 1e-3, 1, 1e6, "compute")}, {counted("a", 1e-3, 2, 2e6, "compute")}).empty());
  EXPECT_TRUE(judge({counted("a", 1e-3, 1, 1e6)}, {counted("a", 1e-3, 2, 1.01e6)}).empty());
  BenchmarkResult uncounted = benchmark("a", lognormal_samples(1e-3, 0.01, 10, 1));
  uncounted.counters[counter::kBound] = std::string("memory");
  EXPECT_TRUE(judge({uncounted}, {counted("a", 1e-3, 2, 2e6)}).empty());
}

}  // namespace
}  // namespace perfgate
