// launch-bound: GPU cases within 5 launch floors per call.

#include <gtest/gtest.h>

#include "perfgate/explain/suggest_context.hpp"
#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

SuggestContext context(const Results& r, std::optional<double> launch_floor_s = std::nullopt) {
  return SuggestContext{.current = r, .comparison = nullptr, .baseline = nullptr, .launch_floor_s = launch_floor_s};
}

using testing::benchmark;

// A case timed on the GPU by measure(): it records the SM clock.
BenchmarkResult per_call(const std::string& name, double seconds) {
  BenchmarkResult b = benchmark(name, {seconds, seconds, seconds});
  b.counters["sm_clock_mhz"] = 1980.0;
  return b;
}

TEST(SuggestLaunchBound, FiresForACallWithinAFewLaunchFloors) {
  const Results r = testing::results("elementwise",
                                     {per_call("tiny/1024", 4.1e-6), per_call("small/65536", 10e-6),
                                      per_call("large/16777216", 100e-6), per_call("launch/empty_kernel/latency_hidden:1/clocks:0", 3.2e-6)},
                                     testing::test_gpu());
  const auto s = rules::launch_bound().apply(context(r, 3.2e-6));
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].rule, "launch-bound");
  EXPECT_EQ(s[0].benchmark, "tiny/1024");
  EXPECT_EQ(s[0].priority, Priority::high);  // under 2 floors
  EXPECT_EQ(s[0].evidence, "median 4.10 µs per call, launch floor 3.20 µs (78% of the time)");
  EXPECT_FALSE(s[0].expected_gain.measured);
  EXPECT_NEAR(s[0].expected_gain.factor, 4.1 / 0.9, 1e-6);
  EXPECT_EQ(s[0].expected_gain.text.rfind("estimate: ", 0), 0u);
  EXPECT_NE(s[0].hint.find("CUDA graph"), std::string::npos);
  EXPECT_EQ(s[1].benchmark, "small/65536");
  EXPECT_EQ(s[1].priority, Priority::medium);
  EXPECT_NE(s[1].evidence.find("(32% of the time)"), std::string::npos);
}

TEST(SuggestLaunchBound, CapsTheFactorWhenTheCallIsNoLongerThanTheFloor) {
  const Results r = testing::results("s", {per_call("tiny", 3.0e-6)}, testing::test_gpu());
  const auto s = rules::launch_bound().apply(context(r, 3.2e-6));
  ASSERT_EQ(s.size(), 1u);
  EXPECT_DOUBLE_EQ(s[0].expected_gain.factor, 10.0);
  EXPECT_NE(s[0].evidence.find("(100% of the time)"), std::string::npos);
}

TEST(SuggestLaunchBound, SilentForHostTimedCases) {
  // An allocation timed on the host launches nothing that fusing could save.
  const Results r = testing::results("memory", {benchmark("memory/pool/4KiB", {13e-6, 13e-6, 13e-6})}, testing::test_gpu());
  EXPECT_TRUE(rules::launch_bound().apply(context(r, 3.2e-6)).empty());
}

TEST(SuggestLaunchBound, SilentWithoutALaunchFloorOnCpuRunsAndForLongCalls) {
  const Results gpu = testing::results("s", {per_call("tiny", 4e-6), per_call("long", 17e-6)}, testing::test_gpu());
  EXPECT_TRUE(rules::launch_bound().apply(context(gpu)).empty());
  const Results cpu = testing::results("s", {per_call("tiny", 4e-6)}, testing::test_cpu());
  EXPECT_TRUE(rules::launch_bound().apply(context(cpu, 3.2e-6)).empty());
  const Results long_only = testing::results("s", {per_call("long", 17e-6), testing::skipped_benchmark("gone", "no CUDA device")},
                                             testing::test_gpu());
  EXPECT_TRUE(rules::launch_bound().apply(context(long_only, 3.2e-6)).empty());
}

}  // namespace
}  // namespace perfgate
