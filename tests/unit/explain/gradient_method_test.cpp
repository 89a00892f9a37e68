// gradient-method: adjoint or tape, from the tape's memory share of the
// device and the two methods' measured times.

#include <gtest/gtest.h>

#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

using testing::benchmark;

constexpr double kDeviceBytes = 80e9;

std::vector<double> flat(double median) { return {median * 0.999, median, median * 1.001, median, median}; }

BenchmarkResult method(const std::string& name, double seconds, double bytes) {
  BenchmarkResult b = benchmark(name, flat(seconds));
  b.counters["device_memory_peak_bytes"] = bytes;
  return b;
}

std::vector<Suggestion> suggest(std::vector<BenchmarkResult> cases) {
  Fingerprint gpu = testing::test_gpu();
  gpu.memory_bytes = static_cast<std::uint64_t>(kDeviceBytes);
  const Results r = testing::results("supergrad", std::move(cases), gpu);
  return rules::gradient_method().apply(SuggestContext{r, nullptr, nullptr, std::nullopt});
}

TEST(SuggestGradientMethod, TheAdjointWhenTheTapeTakesOverHalfTheDevice) {
  // The tape is faster (1 s against 1.4 s) but holds 50 GB of 80.
  const auto s = suggest({method("supergrad/adjoint/steps:6400", 1.4, 2e9), method("supergrad/tape/steps:6400", 1.0, 50e9)});
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].benchmark, "supergrad/adjoint/steps:6400");
  EXPECT_EQ(s[0].priority, Priority::high);
  EXPECT_NE(s[0].evidence.find("the tape took 50 GB, 62.5% of the device's 80 GB"), std::string::npos) << s[0].evidence;
  EXPECT_NE(s[0].evidence.find("1.4x"), std::string::npos) << s[0].evidence;
  EXPECT_FALSE(s[0].expected_gain.measured) << "no speed-up: the tape is faster";
  EXPECT_NE(s[0].hint.find("use the adjoint"), std::string::npos);
}

TEST(SuggestGradientMethod, TheAdjointWhenItIsFaster) {
  BenchmarkResult tape = benchmark("supergrad/tape/gpus:8", flat(2e-3));
  tape.counters["gradient_device_bytes"] = 4e9;  // no measured peak: the method's own count
  const auto s = suggest({method("supergrad/adjoint/gpus:8", 1.6e-3, 1e9), tape});
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].priority, Priority::medium);
  EXPECT_TRUE(s[0].expected_gain.measured);
  EXPECT_DOUBLE_EQ(s[0].expected_gain.factor, 2e-3 / 1.6e-3);
  EXPECT_NE(s[0].evidence.find("the tape took 4 GB, 5% of the device's 80 GB"), std::string::npos) << s[0].evidence;
}

TEST(SuggestGradientMethod, SilentWhenTheTapeFitsAndIsFasterOrAPairIsMissing) {
  EXPECT_TRUE(suggest({method("supergrad/adjoint/gpus:1", 3e-3, 1e9), method("supergrad/tape/gpus:1", 2e-3, 10e9)}).empty());
  EXPECT_TRUE(suggest({method("supergrad/tape/gpus:2", 2e-3, 70e9)}).empty()) << "no adjoint to compare with";
  EXPECT_TRUE(suggest({testing::skipped_benchmark("supergrad/adjoint/steps:12800", "SKIPPED: out of device memory"),
                       method("supergrad/tape/steps:12800", 1.0, 70e9)})
                  .empty());
}

}  // namespace
}  // namespace perfgate
