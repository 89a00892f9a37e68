#include "perfgate/gate/kernel_comparison.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::traced_benchmark;
using testing::traced_kernel;

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

const KernelComparison& find(const std::vector<KernelComparison>& kernels, const std::string& name) {
  const auto it = std::find_if(kernels.begin(), kernels.end(), [&](const KernelComparison& k) { return k.name == name; });
  EXPECT_NE(it, kernels.end()) << name;
  static const KernelComparison none;
  return it == kernels.end() ? none : *it;
}

std::vector<KernelComparison> compare(const std::vector<KernelSummary>& before, const std::vector<KernelSummary>& after,
                                      double threshold_pct = 5.0) {
  return compare_kernels(traced_benchmark("case", 1e-3, 1, before), traced_benchmark("case", 1e-3, 2, after), threshold_pct, GateSettings{});
}

TEST(KernelComparison, TwentyPercentSlowerWithTightSamplesIsARegression) {
  const auto out = compare({traced_kernel("gemm", 30, 10e3, 1)}, {traced_kernel("gemm", 30, 12e3, 2)});
  ASSERT_EQ(out.size(), 1u);
  const KernelComparison& k = out[0];
  EXPECT_EQ(k.verdict, Verdict::regression) << k.reason;
  ASSERT_TRUE(k.evidence.has_value());
  EXPECT_NEAR(k.evidence->ratio, 1.2, 0.02);
  EXPECT_TRUE(k.evidence->interval_available);
  EXPECT_GT(k.evidence->ci_low, 1.0);
  EXPECT_LT(k.evidence->q_value, 0.05);
  EXPECT_GE(k.threshold_pct, 5.0);
  EXPECT_EQ(k.baseline_median_ns, 10e3);
  EXPECT_EQ(k.current_median_ns, 12e3);
  EXPECT_EQ(k.baseline_samples, 30u);
  EXPECT_EQ(k.current_samples, 30u);
  EXPECT_FALSE(k.calls_changed);
  EXPECT_NE(k.reason.find("slower"), std::string::npos) << k.reason;
  EXPECT_TRUE(is_kernel_change(k));
}

TEST(KernelComparison, FasterIsAnImprovement) {
  const auto out = compare({traced_kernel("gemm", 30, 10e3, 1)}, {traced_kernel("gemm", 30, 8e3, 2)});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].verdict, Verdict::improvement) << out[0].reason;
}

TEST(KernelComparison, SameDurationIsNoChangeAndNotReported) {
  const auto out = compare({traced_kernel("gemm", 30, 10e3, 1)}, {traced_kernel("gemm", 30, 10e3, 2)});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].verdict, Verdict::no_change) << out[0].reason;
  EXPECT_FALSE(out[0].calls_changed);
  EXPECT_FALSE(is_kernel_change(out[0]));
  EXPECT_TRUE(kernel_changes(out).empty());
}

TEST(KernelComparison, AKernelOnlyInTheCurrentPassIsNew) {
  const auto out = compare({traced_kernel("gemm", 30, 10e3, 1)}, {traced_kernel("gemm", 30, 10e3, 2), traced_kernel("splitk_reduce", 60, 2e3, 3)});
  ASSERT_EQ(out.size(), 2u);
  const KernelComparison& k = find(out, "splitk_reduce");
  EXPECT_EQ(k.verdict, Verdict::added);
  EXPECT_EQ(k.current_median_ns, 2e3);
  EXPECT_FALSE(k.baseline_median_ns.has_value());
  EXPECT_DOUBLE_EQ(k.current_calls_per_iteration, 2.0);
  EXPECT_DOUBLE_EQ(k.baseline_calls_per_iteration, 0.0);
  EXPECT_FALSE(k.evidence.has_value());
  EXPECT_TRUE(is_kernel_change(k));
}

TEST(KernelComparison, AKernelOnlyInTheBaselinePassIsRemoved) {
  const auto out = compare({traced_kernel("gemm", 30, 10e3, 1), traced_kernel("sm80_gemm_old", 30, 9e3, 3)}, {traced_kernel("gemm", 30, 10e3, 2)});
  ASSERT_EQ(out.size(), 2u);
  const KernelComparison& k = find(out, "sm80_gemm_old");
  EXPECT_EQ(k.verdict, Verdict::removed);
  EXPECT_EQ(k.baseline_median_ns, 9e3);
  EXPECT_FALSE(k.current_median_ns.has_value());
  EXPECT_DOUBLE_EQ(k.baseline_calls_per_iteration, 1.0);
}

TEST(KernelComparison, CallsPerIterationOneToTwoIsAChange) {
  const auto out = compare({traced_kernel("reduce", 30, 2e3, 1)}, {traced_kernel("reduce", 60, 2e3, 2)});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].verdict, Verdict::no_change) << out[0].reason;
  EXPECT_DOUBLE_EQ(out[0].baseline_calls_per_iteration, 1.0);
  EXPECT_DOUBLE_EQ(out[0].current_calls_per_iteration, 2.0);
  EXPECT_TRUE(out[0].calls_changed);
  EXPECT_TRUE(is_kernel_change(out[0]));
  EXPECT_EQ(kernel_changes(out).size(), 1u);
}

TEST(KernelComparison, CallsAreCountedPerIterationOfTheTracedPass) {
  // Twice the launches in a pass twice as long: the same per iteration.
  const auto out = compare_kernels(traced_benchmark("case", 1e-3, 1, {traced_kernel("reduce", 30, 2e3, 1)}, 30),
                                   traced_benchmark("case", 1e-3, 2, {traced_kernel("reduce", 60, 2e3, 2)}, 60), 5.0, GateSettings{});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_FALSE(out[0].calls_changed);
  EXPECT_DOUBLE_EQ(out[0].current_calls_per_iteration, 1.0);

  // Without trace info the raw launch counts are compared.
  BenchmarkResult base = traced_benchmark("case", 1e-3, 1, {traced_kernel("reduce", 30, 2e3, 1)});
  BenchmarkResult cur = traced_benchmark("case", 1e-3, 2, {traced_kernel("reduce", 60, 2e3, 2)});
  base.trace.reset();
  cur.trace.reset();
  const auto raw = compare_kernels(base, cur, 5.0, GateSettings{});
  ASSERT_EQ(raw.size(), 1u);
  EXPECT_DOUBLE_EQ(raw[0].baseline_calls_per_iteration, 30.0);
  EXPECT_DOUBLE_EQ(raw[0].current_calls_per_iteration, 60.0);
  EXPECT_TRUE(raw[0].calls_changed);
}

TEST(KernelComparison, TooFewSamplesIsInconclusive) {
  const auto out = compare({traced_kernel("once", 1, 10e3, 1, 3)}, {traced_kernel("once", 1, 20e3, 2, 3)});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].verdict, Verdict::inconclusive);
  EXPECT_NE(out[0].reason.find("too few valid samples (3 baseline, 3 current; need 5 each)"), std::string::npos)
      << out[0].reason;

  // Summaries without per-launch samples (older results) have no evidence.
  KernelSummary bare{"bare", 30, 10e3, {}};
  const auto without = compare({bare}, {traced_kernel("bare", 30, 12e3, 2)});
  ASSERT_EQ(without.size(), 1u);
  EXPECT_EQ(without[0].verdict, Verdict::inconclusive);
  EXPECT_FALSE(without[0].evidence.has_value());
  EXPECT_NE(without[0].reason.find("too few valid samples (0 baseline"), std::string::npos) << without[0].reason;
}

TEST(KernelComparison, NoKernelsOnASideGivesNoComparison) {
  EXPECT_TRUE(compare({}, {traced_kernel("gemm", 30, 10e3, 2)}).empty());
  EXPECT_TRUE(compare({traced_kernel("gemm", 30, 10e3, 1)}, {}).empty());
  EXPECT_TRUE(compare({}, {}).empty());
}

TEST(KernelComparison, TheCaseThresholdApplies) {
  const auto out = compare({traced_kernel("gemm", 30, 10e3, 1)}, {traced_kernel("gemm", 30, 12e3, 2)}, 30.0);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].verdict, Verdict::no_change) << out[0].reason;
  EXPECT_DOUBLE_EQ(out[0].threshold_pct, 30.0);
}

TEST(KernelComparison, NoisyKernelsGetTheGatesWiderThresholdWhenAsked) {
  KernelSummary noisy_before{"noisy", 30, 10e3, lognormal_samples(10e3, 0.08, 30, 1)};
  KernelSummary noisy_after{"noisy", 30, 11e3, lognormal_samples(11e3, 0.08, 30, 2)};
  GateSettings scaled;
  scaled.noise_multiplier = 2.5;  // off by default; the same classify() as the cases
  const auto out = compare_kernels(traced_benchmark("case", 1e-3, 1, {noisy_before}),
                                   traced_benchmark("case", 1e-3, 2, {noisy_after}), 5.0, scaled);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_GT(out[0].threshold_pct, 10.0) << "2.5 robust CVs of about 8%";
  EXPECT_NE(out[0].verdict, Verdict::regression) << out[0].reason;
}

TEST(KernelComparison, NoisyKernelsAreJudgedByTheirIntervalByDefault) {
  // 8% noise, 30 launches a side: a 3% change is not established (the interval includes 1),
  // so the noise cannot make it a REGRESSION without the threshold's help.
  KernelSummary noisy_before{"noisy", 30, 10e3, lognormal_samples(10e3, 0.08, 30, 1)};
  KernelSummary noisy_after{"noisy", 30, 10.3e3, lognormal_samples(10.3e3, 0.08, 30, 2)};
  const auto out = compare({noisy_before}, {noisy_after});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_DOUBLE_EQ(out[0].threshold_pct, 5.0);
  ASSERT_TRUE(out[0].evidence.has_value());
  EXPECT_LT(out[0].evidence->ci_low, 1.0);
  EXPECT_NE(out[0].verdict, Verdict::regression) << out[0].reason;
}

TEST(KernelComparison, BenjaminiHochbergAcrossTheCasesKernels) {
  const auto out = compare({traced_kernel("a", 30, 10e3, 1), traced_kernel("b", 30, 10e3, 3), traced_kernel("c", 30, 10e3, 5)},
                           {traced_kernel("a", 30, 12e3, 2), traced_kernel("b", 30, 10e3, 4), traced_kernel("c", 30, 10e3, 6)});
  ASSERT_EQ(out.size(), 3u);
  for (const KernelComparison& k : out) {
    ASSERT_TRUE(k.evidence.has_value()) << k.name;
    EXPECT_GE(k.evidence->q_value, k.evidence->p_value) << k.name;
  }
  // The smallest of three p-values is multiplied by 3.
  const KernelComparison& a = find(out, "a");
  EXPECT_NEAR(a.evidence->q_value, std::min(1.0, 3.0 * a.evidence->p_value), 1e-12);
}

TEST(KernelComparison, WhatNeedsAttentionFirstThenByName) {
  const auto out = compare({traced_kernel("z_same", 30, 10e3, 1), traced_kernel("y_slow", 30, 10e3, 3), traced_kernel("gone", 30, 1e3, 5),
                            traced_kernel("a_same", 30, 10e3, 7)},
                           {traced_kernel("z_same", 30, 10e3, 2), traced_kernel("y_slow", 30, 13e3, 4), traced_kernel("b_new", 30, 1e3, 6),
                            traced_kernel("a_same", 30, 10e3, 8)});
  std::vector<std::string> names;
  for (const KernelComparison& k : out) names.push_back(k.name);
  EXPECT_EQ(names, (std::vector<std::string>{"y_slow", "b_new", "gone", "a_same", "z_same"}));
}

TEST(KernelComparison, FilledInByCompareResultsWithTheCurrentTrace) {
  BenchmarkResult base = traced_benchmark("gemm", 1e-3, 1, {traced_kernel("gemm", 30, 10e3, 1)});
  BenchmarkResult cur = traced_benchmark("gemm", 1e-3, 2, {traced_kernel("gemm", 30, 12e3, 2), traced_kernel("transpose", 30, 1e3, 3)});
  cur.copies = {{"HtoD", 2, 4096}};
  const Comparison c = compare_results(results("s", {base}), results("s", {cur}));
  const BenchmarkComparison* b = c.find("gemm");
  ASSERT_NE(b, nullptr);
  ASSERT_EQ(b->kernels.size(), 2u);
  EXPECT_EQ(b->kernels[0].name, "gemm");
  EXPECT_EQ(b->kernels[0].verdict, Verdict::regression);
  EXPECT_EQ(b->kernels[1].verdict, Verdict::added);
  ASSERT_TRUE(b->trace.has_value());
  EXPECT_EQ(b->trace->path, "traces/gemm.json");
  ASSERT_EQ(b->copies.size(), 1u);
  EXPECT_EQ(b->copies[0].bytes, 4096);
}

TEST(KernelComparison, NeverChangesTheCasesVerdictOrTheExitCode) {
  // The case's own samples are unchanged; its kernels regressed, appeared
  // and vanished.
  const BenchmarkResult base = traced_benchmark("gemm", 1e-3, 1, {traced_kernel("gemm", 30, 10e3, 1), traced_kernel("old", 30, 1e3, 3)});
  BenchmarkResult cur = traced_benchmark("gemm", 1e-3, 1, {traced_kernel("gemm", 30, 15e3, 2), traced_kernel("new", 30, 1e3, 4)});
  cur.samples = lognormal_samples(1e-3, 0.01, 10, 11);
  const Comparison c = compare_results(results("s", {base}), results("s", {cur}));
  const BenchmarkComparison* b = c.find("gemm");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->verdict, Verdict::no_change) << b->reason;
  EXPECT_EQ(kernel_changes(b->kernels).size(), 3u);
  EXPECT_EQ(gate_exit_code(c), kExitOk);

  // And a regressed case stays one when its kernels did not move.
  BenchmarkResult slow = traced_benchmark("gemm", 1e-3, 1, {traced_kernel("gemm", 30, 10e3, 2), traced_kernel("old", 30, 1e3, 4)});
  slow.samples = lognormal_samples(1.5e-3, 0.01, 10, 12);
  const Comparison r = compare_results(results("s", {base}), results("s", {slow}));
  EXPECT_EQ(r.find("gemm")->verdict, Verdict::regression);
  EXPECT_TRUE(kernel_changes(r.find("gemm")->kernels).empty());
  EXPECT_EQ(gate_exit_code(r), kExitRegression);
}

TEST(KernelComparison, OnAnotherDeviceKernelsAreIncomparable) {
  const BenchmarkResult base = traced_benchmark("gemm", 1e-3, 1, {traced_kernel("gemm", 30, 10e3, 1), traced_kernel("old", 30, 1e3, 3)});
  const BenchmarkResult cur = traced_benchmark("gemm", 1e-3, 2, {traced_kernel("gemm", 30, 15e3, 2)});
  const Comparison c = compare_results(results("s", {base}, testing::test_gpu("NVIDIA A100-SXM4-80GB", 108)),
                                       results("s", {cur}, testing::test_gpu()));
  ASSERT_FALSE(c.comparable);
  const BenchmarkComparison* b = c.find("gemm");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(find(b->kernels, "gemm").verdict, Verdict::incomparable);
  EXPECT_EQ(find(b->kernels, "old").verdict, Verdict::removed);
}

}  // namespace
}  // namespace perfgate
