#include <gtest/gtest.h>

#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

using testing::benchmark;

std::vector<double> flat(double median) { return {median * 0.999, median, median * 1.001, median, median}; }

TEST(SuggestGpuSlowerThanCpu, FiresAtTheSmallestSlowerSizeWithTheCrossover) {
  // CPU time grows with n; the GPU pays a fixed cost.  GPU slower at 1024 and
  // 4096, faster at 16384, slower again at 65536 (noise), faster from 262144.
  const Results r = testing::results(
      "stencil",
      {benchmark("stencil/cpu/1024", flat(2e-6)), benchmark("stencil/gpu/1024", flat(30e-6)),
       benchmark("stencil/cpu/4096", flat(12e-6)), benchmark("stencil/gpu/4096", flat(35e-6)),
       benchmark("stencil/cpu/16384", flat(50e-6)), benchmark("stencil/gpu/16384", flat(40e-6)),
       benchmark("stencil/cpu/65536", flat(44e-6)), benchmark("stencil/gpu/65536", flat(45e-6)),
       benchmark("stencil/cpu/262144", flat(800e-6)), benchmark("stencil/gpu/262144", flat(60e-6)),
       benchmark("stencil/cpu/1048576", flat(3.2e-3)), benchmark("stencil/gpu/1048576", flat(100e-6)),
       // Another GPU variant, always faster: no suggestion for it.
       benchmark("stencil/gpu_graph/1024", flat(1e-6)), benchmark("stencil/gpu_graph/4096", flat(1e-6)),
       // Not a variant: a different number of segments, or another segment differs.
       benchmark("stencil/gpu/1024/extra", flat(1.0)), benchmark("other/gpu/1024", flat(1.0))},
      testing::test_gpu());
  const auto out = rules::gpu_slower_than_cpu().apply(SuggestContext{r, nullptr, nullptr, std::nullopt});
  ASSERT_EQ(out.size(), 1u);
  const Suggestion& s = out[0];
  EXPECT_EQ(s.rule, "gpu-slower-than-cpu");
  EXPECT_EQ(s.benchmark, "stencil/gpu/1024");
  EXPECT_EQ(s.priority, Priority::medium);
  EXPECT_EQ(s.evidence, "CPU 2.00 µs vs GPU 30.0 µs at n=1024; GPU faster from n=262144");
  EXPECT_TRUE(s.expected_gain.measured);
  EXPECT_NEAR(s.expected_gain.factor, 15.0, 1e-9);
  EXPECT_NE(s.hint.find("below n=262144"), std::string::npos) << s.hint;
}

TEST(SuggestGpuSlowerThanCpu, NoCrossoverWhenTheGpuNeverWinsAtTheLargestSize) {
  const Results r = testing::results("reduce",
                                     {benchmark("reduce/cpu/fp32/64", flat(1e-6)), benchmark("reduce/gpu/fp32/64", flat(9e-6)),
                                      benchmark("reduce/cpu/fp32/256", flat(2e-6)), benchmark("reduce/gpu/fp32/256", flat(1e-6)),
                                      benchmark("reduce/cpu/fp32/1024", flat(3e-6)), benchmark("reduce/gpu/fp32/1024", flat(9e-6))},
                                     testing::test_gpu());
  const auto out = rules::gpu_slower_than_cpu().apply(SuggestContext{r, nullptr, nullptr, std::nullopt});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].benchmark, "reduce/gpu/fp32/64");
  EXPECT_NE(out[0].evidence.find("GPU faster at no measured size"), std::string::npos) << out[0].evidence;
}

TEST(SuggestGpuSlowerThanCpu, SilentWhenTheGpuIsAlwaysFasterOrSizesAreNotNumbers) {
  const Results r = testing::results(
      "stencil",
      {benchmark("stencil/cpu/1024", flat(20e-6)), benchmark("stencil/gpu/1024", flat(10e-6)),
       benchmark("stencil/cpu/4096", flat(80e-6)), benchmark("stencil/gpu/4096", flat(11e-6)),
       benchmark("stencil/cpu/16MiB", flat(1e-6)), benchmark("stencil/gpu/16MiB", flat(1e-3)),  // not a numeric size
       benchmark("stencil/cpu/8", flat(1e-6)), testing::failed_benchmark("stencil/gpu/8", "boom")},
      testing::test_gpu());
  EXPECT_TRUE(rules::gpu_slower_than_cpu().apply(SuggestContext{r, nullptr, nullptr, std::nullopt}).empty());
}

}  // namespace
}  // namespace perfgate
