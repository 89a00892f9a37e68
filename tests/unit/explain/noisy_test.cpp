#include <gtest/gtest.h>

#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

using testing::benchmark;

// Ten samples around 1 ms, half `spread` below and half above: MAD = spread.
std::vector<double> spread_samples(double spread) {
  std::vector<double> s;
  for (int i = 0; i < 5; ++i) s.push_back(1e-3 * (1.0 - spread));
  for (int i = 0; i < 5; ++i) s.push_back(1e-3 * (1.0 + spread));
  return s;
}

TEST(SuggestNoisy, FiresOverThreePercentWithClockAndThrottling) {
  BenchmarkResult noisy = benchmark("gemm/fp32/4096", spread_samples(0.05));  // CV 1.4826 * 5% = 7.41%
  noisy.counters["sm_clock_mhz"] = 1755.4;
  noisy.throttled_samples = 2;
  BenchmarkResult very = benchmark("gemm/fp32/8192", spread_samples(0.10));  // 14.8%
  const Results r = testing::results("gemm", {noisy, very, benchmark("gemm/fp32/1024", spread_samples(0.01))},
                                     testing::test_gpu());
  const auto out = rules::noisy().apply(SuggestContext{r, nullptr, nullptr, std::nullopt});
  ASSERT_EQ(out.size(), 2u);
  const Suggestion& medium = out[0].benchmark == "gemm/fp32/4096" ? out[0] : out[1];
  const Suggestion& high = out[0].benchmark == "gemm/fp32/4096" ? out[1] : out[0];
  EXPECT_EQ(medium.rule, "noisy");
  EXPECT_EQ(medium.priority, Priority::medium);
  EXPECT_NE(medium.evidence.find("robust CV 7.41% over 10 repetitions"), std::string::npos) << medium.evidence;
  EXPECT_NE(medium.evidence.find("SM clock 1755 MHz"), std::string::npos) << medium.evidence;
  EXPECT_NE(medium.evidence.find("2 throttled"), std::string::npos) << medium.evidence;
  EXPECT_FALSE(medium.expected_gain.measured);
  EXPECT_EQ(medium.expected_gain.factor, 0.0);
  EXPECT_EQ(medium.expected_gain.text.rfind("a sharper gate, not a faster case", 0), 0u) << medium.expected_gain.text;
  EXPECT_NE(medium.hint.find("--benchmark_repetitions"), std::string::npos);
  EXPECT_EQ(high.benchmark, "gemm/fp32/8192");
  EXPECT_EQ(high.priority, Priority::high);
  EXPECT_NE(high.evidence.find("robust CV 14.8%"), std::string::npos) << high.evidence;
  EXPECT_EQ(high.evidence.find("throttled"), std::string::npos) << high.evidence;
}

// The hint fits the device: GPU clocks for a GPU case, never for a host one.
TEST(SuggestNoisy, HintFollowsTheDeviceKind) {
  const auto hint = [](const Fingerprint& device) {
    const Results r = testing::results("s", {benchmark("s/a", spread_samples(0.05))}, device);
    const auto out = rules::noisy().apply(SuggestContext{r, nullptr, nullptr, std::nullopt});
    return out.size() == 1 ? out[0].hint : std::string("<no suggestion>");
  };
  const std::string gpu = hint(testing::test_gpu()), cpu = hint(testing::test_cpu());
  EXPECT_NE(gpu.find("nvidia-smi"), std::string::npos) << gpu;
  EXPECT_EQ(cpu.find("nvidia-smi"), std::string::npos) << cpu;
  EXPECT_EQ(cpu.find("GPU"), std::string::npos) << cpu;
  EXPECT_NE(cpu.find("CPU frequency"), std::string::npos) << cpu;
}

TEST(SuggestNoisy, SilentForQuietOrUnmeasuredCases) {
  BenchmarkResult failed = testing::failed_benchmark("gemm/fp32/8192", "boom");
  failed.samples = spread_samples(0.2);  // samples kept from before the failure do not count
  const Results r = testing::results("gemm", {benchmark("gemm/fp32/1024", spread_samples(0.01)), failed,
                                              benchmark("gemm/fp32/2048", {1e-3})},
                                     testing::test_gpu());
  EXPECT_TRUE(rules::noisy().apply(SuggestContext{r, nullptr, nullptr, std::nullopt}).empty());
}

}  // namespace
}  // namespace perfgate
