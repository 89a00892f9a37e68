// scaling-efficiency: E(N) under 0.8 against the gpus:1 case, and which part grew.

#include <gtest/gtest.h>

#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

using testing::benchmark;

std::vector<double> flat(double median) { return {median * 0.999, median, median * 1.001, median, median}; }

// A scaling case with its time split in compute and collective (per iteration).
BenchmarkResult step(const std::string& name, double compute_s, double collective_s) {
  BenchmarkResult b = benchmark(name, flat(compute_s + collective_s));
  b.counters["compute_s"] = compute_s;
  b.counters["collective_s"] = collective_s;
  return b;
}

std::vector<Suggestion> suggest(const Results& r) {
  return rules::scaling_efficiency().apply(SuggestContext{r, nullptr, nullptr, std::nullopt});
}

const Suggestion* find(const std::vector<Suggestion>& all, const std::string& benchmark) {
  for (const Suggestion& s : all)
    if (s.benchmark == benchmark) return &s;
  return nullptr;
}

TEST(SuggestScalingEfficiency, StrongScalingLosingToTheCollectiveNamesCommunication) {
  // 1 GPU: 8 ms.  4 GPUs: compute 2 ms (the ideal 8/4) + collective 2 ms = 4 ms:
  // E(4) = 8 / (4 x 4) = 0.5.  2 GPUs: 4.2 + 0.4 ms, E(2) = 8 / 9.2 = 0.87: silent.
  const Results r = testing::results("scaling",
                                     {step("scaling/strong/gpus:1", 8e-3, 0.0), step("scaling/strong/gpus:2", 4.2e-3, 0.4e-3),
                                      step("scaling/strong/gpus:4", 2e-3, 2e-3)},
                                     testing::test_gpu());
  const auto out = suggest(r);
  ASSERT_EQ(out.size(), 1u);
  const Suggestion& s = out[0];
  EXPECT_EQ(s.rule, "scaling-efficiency");
  EXPECT_EQ(s.benchmark, "scaling/strong/gpus:4");
  EXPECT_EQ(s.priority, Priority::medium);  // 0.5 is not under 0.5
  EXPECT_NE(s.evidence.find("strong scaling E(4) = T1 / (4 x T4) = 8.00 ms / (4 x 4.00 ms) = 0.5"), std::string::npos)
      << s.evidence;
  EXPECT_NE(s.evidence.find("against the ideal 2.00 ms"), std::string::npos) << s.evidence;
  EXPECT_NE(s.evidence.find("the collective 2.00 ms, 50% of the time"), std::string::npos) << s.evidence;
  EXPECT_NE(s.hint.find("communication grew most"), std::string::npos) << s.hint;
  EXPECT_FALSE(s.expected_gain.measured);
  EXPECT_NEAR(s.expected_gain.factor, 2.0, 1e-9);
  EXPECT_NE(s.expected_gain.text.find("perfect scaling would take 2.00 ms"), std::string::npos) << s.expected_gain.text;
}

TEST(SuggestScalingEfficiency, WeakScalingLosingToComputeNamesImbalance) {
  // Per-GPU work fixed: 1 GPU 10 ms; 8 GPUs compute 16 ms (ideal 10 ms) + 1 ms: E(8) = 10 / 17 = 0.59.
  Results r = testing::results(
      "scaling", {step("scaling/weak/gpus:1", 10e-3, 0.0), step("scaling/weak/gpus:8", 16e-3, 1e-3)}, testing::test_gpu());
  r.benchmarks[1].counters["imbalance_pct"] = 25.0;
  const auto out = suggest(r);
  ASSERT_EQ(out.size(), 1u);
  const Suggestion& s = out[0];
  EXPECT_EQ(s.benchmark, "scaling/weak/gpus:8");
  EXPECT_NE(s.evidence.find("weak scaling E(8) = T1 / T8 = 10.0 ms / 17.0 ms = 0.588"), std::string::npos) << s.evidence;
  EXPECT_NE(s.evidence.find("compute added 6.00 ms and the collective 1.00 ms"), std::string::npos) << s.evidence;
  EXPECT_NE(s.evidence.find("the slowest GPU's compute 25% above the GPUs' mean"), std::string::npos) << s.evidence;
  EXPECT_NE(s.hint.find("compute grew most"), std::string::npos) << s.hint;
}

TEST(SuggestScalingEfficiency, HighPriorityUnderHalfAndWithoutCountersStillStatesTheEfficiency) {
  // No compute_s/collective_s: the efficiency alone, and the hint asks for them.
  const Results r = testing::results(
      "scaling", {benchmark("scaling/strong/gpus:1", flat(8e-3)), benchmark("scaling/strong/gpus:8", flat(4e-3))},
      testing::test_gpu());
  const auto out = suggest(r);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].priority, Priority::high);  // 8 / (8 x 4) = 0.25
  EXPECT_NE(out[0].evidence.find("= 0.25"), std::string::npos) << out[0].evidence;
  EXPECT_NE(out[0].hint.find("compute_s and collective_s"), std::string::npos) << out[0].hint;
}

TEST(SuggestScalingEfficiency, SilentWhenEfficientOrUnmeasuredOrNotASweep) {
  const Results r = testing::results(
      "scaling",
      {step("scaling/strong/gpus:1", 8e-3, 0.0), step("scaling/strong/gpus:2", 4.4e-3, 0.2e-3),  // E = 0.87
       testing::skipped_benchmark("scaling/strong/gpus:4", "SKIPPED: needs 4 GPUs, 1 present"),
       testing::skipped_benchmark("scaling/weak/gpus:1", "no CUDA device"), step("scaling/weak/gpus:2", 20e-3, 5e-3),
       // Neither strong nor weak: no formula applies.
       benchmark("other/gpus:1", flat(1e-3)), benchmark("other/gpus:2", flat(5e-3))},
      testing::test_gpu());
  EXPECT_TRUE(suggest(r).empty());
}

TEST(SuggestScalingEfficiency, EachSweepPointIsJudgedOnItsOwn) {
  const Results r = testing::results(
      "scaling",
      {step("scaling/strong/batch:4096/gpus:1", 8e-3, 0.0), step("scaling/strong/batch:4096/gpus:2", 5e-3, 1e-3),
       step("scaling/strong/batch:4096/gpus:4", 2.1e-3, 0.1e-3)},
      testing::test_gpu());
  const auto out = suggest(r);
  ASSERT_EQ(out.size(), 1u);  // E(2) = 8 / 12 = 0.67; E(4) = 8 / 8.8 = 0.91
  EXPECT_NE(find(out, "scaling/strong/batch:4096/gpus:2"), nullptr);
}

}  // namespace
}  // namespace perfgate
