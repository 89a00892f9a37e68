#include <gtest/gtest.h>

#include "perfgate/gate/comparison.hpp"
#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

using testing::traced_benchmark;
using testing::traced_kernel;

using testing::benchmark;
using testing::lognormal_samples;

BenchmarkResult gemm(double median, std::uint64_t seed, double bytes, double gbs, double clock) {
  BenchmarkResult b = benchmark("gemm/fp32/4096", lognormal_samples(median, 0.01, 10, seed));
  b.counters["bytes_read"] = bytes * 2.0 / 3.0;
  b.counters["bytes_written"] = bytes / 3.0;
  b.counters["GB/s"] = gbs;
  b.counters["sm_clock_mhz"] = clock;
  b.counters["bound"] = std::string("memory");
  return b;
}

// A kernel of a traced pass of 10 iterations: `calls` launches, each of its
// samples near `median_ns`.

TEST(SuggestRegressionExplained, NamesTheChangedCountersAndTheNewKernel) {
  BenchmarkResult old_b = gemm(1e-3, 1, 3e8, 300.0, 1980.0);
  old_b.kernels = {traced_kernel("sgemm_128x128", 10, 900e3, 5, 10), traced_kernel("splitk_reduce", 40, 20e3, 6, 10)};
  old_b.trace = TraceInfo{"old.trace.json", 10, 0};
  BenchmarkResult new_b = gemm(1.3e-3, 2, 3.9e8, 300.0, 1980.0);  // 30% slower, 30% more bytes
  new_b.kernels = {traced_kernel("sgemm_128x128", 10, 1.2e6, 7, 10), traced_kernel("splitk_reduce", 80, 20e3, 8, 10),
                   traced_kernel("transpose_kernel", 10, 50e3, 9, 10)};
  new_b.trace = TraceInfo{"new.trace.json", 10, 0};
  const Results baseline = testing::results("gemm", {old_b, benchmark("gemm/fp32/1024", lognormal_samples(1e-4, 0.01, 10, 3))},
                                            testing::test_gpu());
  const Results current = testing::results("gemm", {new_b, benchmark("gemm/fp32/1024", lognormal_samples(1e-4, 0.01, 10, 4))},
                                           testing::test_gpu());
  const Comparison comparison = compare_results(baseline, current);
  ASSERT_EQ(comparison.find("gemm/fp32/4096")->verdict, Verdict::regression);
  ASSERT_NE(comparison.find("gemm/fp32/1024")->verdict, Verdict::regression);

  const SuggestContext ctx{current, &comparison, &baseline, std::nullopt};
  const auto out = rules::regression_explained().apply(ctx);
  ASSERT_EQ(out.size(), 1u);
  const Suggestion& s = out[0];
  EXPECT_EQ(s.rule, "regression-explained");
  EXPECT_EQ(s.benchmark, "gemm/fp32/4096");
  EXPECT_EQ(s.priority, Priority::critical);
  EXPECT_TRUE(s.expected_gain.measured);
  EXPECT_NEAR(s.expected_gain.factor, 1.3, 0.03);
  // Issue 43: the gain of undoing it, not "30% slower" under "Expected gain".
  const double ratio = s.expected_gain.factor;
  EXPECT_EQ(s.expected_gain.text, "undone: " + rules::format_number(ratio) + "x faster, " +
                                      rules::format_number((1.0 - 1.0 / ratio) * 100.0) +
                                      "% less time (the baseline's median)");
  EXPECT_EQ(s.expected_gain.text.find("slower"), std::string::npos) << s.expected_gain.text;
  EXPECT_NE(s.evidence.find("bytes 3e+08 -> 3.9e+08 (+30%)"), std::string::npos) << s.evidence;
  EXPECT_EQ(s.evidence.find("GB/s"), std::string::npos) << s.evidence;  // unchanged
  EXPECT_EQ(s.evidence.find("sm_clock_mhz"), std::string::npos) << s.evidence;
  EXPECT_NE(s.evidence.find("new kernel transpose_kernel (1 call per iteration, 50.0 µs)"), std::string::npos) << s.evidence;
  EXPECT_NE(s.evidence.find("kernel sgemm_128x128 median 900 µs -> 1.20 ms (+33.3%)"), std::string::npos) << s.evidence;
  EXPECT_NE(s.evidence.find("kernel splitk_reduce calls 4 -> 8"), std::string::npos) << s.evidence;
  EXPECT_NE(s.hint.find("bytes grew"), std::string::npos) << s.hint;
  EXPECT_NE(s.hint.find("another algorithm"), std::string::npos) << s.hint;
  EXPECT_NE(s.hint.find("kernel sgemm_128x128 got slower"), std::string::npos) << s.hint;
}

// The rule reads the compare stage's per-kernel verdicts: a kernel whose
// launches did not significantly slow is not named as slower.
TEST(SuggestRegressionExplained, KernelsAsThePerKernelComparisonJudgedThem) {
  BenchmarkResult old_b = gemm(1e-3, 1, 3e8, 300.0, 1980.0);
  old_b.kernels = {traced_kernel("sgemm_128x128", 10, 900e3, 5, 10), {"few_samples", 1, 10e3, {10e3}}};
  BenchmarkResult new_b = gemm(1.3e-3, 2, 3e8, 300.0, 1980.0);
  new_b.kernels = {traced_kernel("sgemm_128x128", 10, 903e3, 7, 10), {"few_samples", 1, 20e3, {20e3}}};
  const Results baseline = testing::results("gemm", {old_b}, testing::test_gpu());
  const Results current = testing::results("gemm", {new_b}, testing::test_gpu());
  const Comparison comparison = compare_results(baseline, current);
  const BenchmarkComparison* b = comparison.find("gemm/fp32/4096");
  ASSERT_EQ(b->verdict, Verdict::regression);
  ASSERT_EQ(b->kernels.size(), 2u);
  EXPECT_EQ(b->kernels[0].verdict, Verdict::inconclusive);  // one launch a side
  EXPECT_EQ(b->kernels[1].verdict, Verdict::no_change);

  const auto out = rules::regression_explained().apply(SuggestContext{current, &comparison, &baseline, std::nullopt});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].evidence.find("kernel"), std::string::npos) << out[0].evidence;
  EXPECT_NE(out[0].evidence.find("counters unchanged"), std::string::npos) << out[0].evidence;
}

TEST(SuggestRegressionExplained, SaysTheCountersAreUnchangedWhenOnlyTheTimeMoved) {
  const Results baseline = testing::results("gemm", {gemm(1e-3, 1, 3e8, 300.0, 1980.0)}, testing::test_gpu());
  const Results current = testing::results("gemm", {gemm(1.3e-3, 2, 3e8, 295.0, 1975.0)}, testing::test_gpu());
  const Comparison comparison = compare_results(baseline, current);
  const SuggestContext ctx{current, &comparison, &baseline, std::nullopt};
  const auto out = rules::regression_explained().apply(ctx);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NE(out[0].evidence.find("counters unchanged"), std::string::npos) << out[0].evidence;
  EXPECT_NE(out[0].evidence.find("the time itself moved"), std::string::npos) << out[0].evidence;
}

// Counted on both sides (--perfgate_instructions): the same instructions
// run slower is told apart from more instructions.
TEST(SuggestRegressionExplained, SaysWhetherTheCountedInstructionsMoved) {
  const auto host_case = [](double median, std::uint64_t seed, double instructions) {
    BenchmarkResult b = benchmark("cpu_gemm/naive/256", lognormal_samples(median, 0.01, 10, seed));
    b.counters["instructions"] = instructions;
    return b;
  };
  const auto explained = [](const BenchmarkResult& old_b, const BenchmarkResult& new_b) {
    const Results baseline = testing::results("host", {old_b}), current = testing::results("host", {new_b});
    const Comparison comparison = compare_results(baseline, current);
    return rules::regression_explained().apply({current, &comparison, &baseline, std::nullopt});
  };
  const auto same_work = explained(host_case(1e-3, 1, 9.3e7), host_case(1.3e-3, 2, 9.3e7));
  ASSERT_EQ(same_work.size(), 1u);
  EXPECT_NE(same_work[0].evidence.find("counters unchanged (instructions within 5%)"), std::string::npos)
      << same_work[0].evidence;
  EXPECT_NE(same_work[0].hint.find("did not change: the same work ran slower"), std::string::npos) << same_work[0].hint;
  const auto more_work = explained(host_case(1e-3, 1, 9.3e7), host_case(1.3e-3, 2, 1.209e8));
  ASSERT_EQ(more_work.size(), 1u);
  EXPECT_NE(more_work[0].evidence.find("instructions 9.3e+07 -> 1.21e+08 (+30%)"), std::string::npos)
      << more_work[0].evidence;
  EXPECT_NE(more_work[0].hint.find("the case does more work"), std::string::npos) << more_work[0].hint;
}

TEST(SuggestRegressionExplained, FallingClockAndRateWithTheSameBytes) {
  const Results baseline = testing::results("gemm", {gemm(1e-3, 1, 3e8, 300.0, 1980.0)}, testing::test_gpu());
  const Results current = testing::results("gemm", {gemm(1.3e-3, 2, 3e8, 230.0, 1400.0)}, testing::test_gpu());
  const Comparison comparison = compare_results(baseline, current);
  const SuggestContext ctx{current, &comparison, &baseline, std::nullopt};
  const auto out = rules::regression_explained().apply(ctx);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NE(out[0].evidence.find("GB/s 300 -> 230 (-23.3%)"), std::string::npos) << out[0].evidence;
  EXPECT_NE(out[0].evidence.find("sm_clock_mhz 1.98e+03 -> 1.4e+03"), std::string::npos) << out[0].evidence;
  EXPECT_NE(out[0].hint.find("access pattern"), std::string::npos) << out[0].hint;
  EXPECT_NE(out[0].hint.find("throttling"), std::string::npos) << out[0].hint;
}

TEST(SuggestRegressionExplained, SilentWithoutARegressionOrAComparison) {
  const Results baseline = testing::results("gemm", {gemm(1e-3, 1, 3e8, 300.0, 1980.0)}, testing::test_gpu());
  const Results same = testing::results("gemm", {gemm(1e-3, 2, 3.9e8, 300.0, 1980.0)}, testing::test_gpu());
  const Comparison comparison = compare_results(baseline, same);
  ASSERT_NE(comparison.find("gemm/fp32/4096")->verdict, Verdict::regression);
  const SuggestContext ctx{same, &comparison, &baseline, std::nullopt};
  EXPECT_TRUE(rules::regression_explained().apply(ctx).empty());

  // Not gated: no comparison, no baseline.
  const Results slower = testing::results("gemm", {gemm(1.3e-3, 2, 3e8, 300.0, 1980.0)}, testing::test_gpu());
  EXPECT_TRUE(rules::regression_explained().apply(SuggestContext{slower, nullptr, nullptr, std::nullopt}).empty());
}

// Issue 15 item 12: the context's lookups are hash lookups built once; they
// answer as the scans they replaced did (the first of equal names; figures
// only with a value; nothing for the baseline when not gated).
TEST(SuggestContextIndex, AnswersAsAScanDid) {
  Results current = testing::results("s", {testing::benchmark("a", {1.0, 1.0, 1.0}), testing::benchmark("b", {2.0, 2.0, 2.0}),
                                           testing::skipped_benchmark("c", "no device")});
  current.benchmarks.push_back(testing::benchmark("a", {9.0, 9.0, 9.0}));  // a duplicate: the first wins
  DerivedFigure without;
  without.name = "f";
  DerivedFigure with = without;
  with.value = 3.0;
  current.figures = {without, with};
  const Results baseline = testing::results("s", {testing::benchmark("b", {1.0, 1.0, 1.0})});
  const Comparison comparison = compare_results(baseline, current);
  const SuggestContext gated{current, &comparison, &baseline, std::nullopt};
  EXPECT_EQ(gated.find_current("a"), &current.benchmarks[0]);
  EXPECT_EQ(gated.median("a"), 1.0);
  EXPECT_EQ(gated.measured("c"), nullptr);
  EXPECT_NE(gated.find_current("c"), nullptr);
  EXPECT_EQ(gated.find_current("zz"), nullptr);
  EXPECT_EQ(gated.find_baseline("b"), &baseline.benchmarks[0]);
  EXPECT_EQ(gated.find_baseline("a"), nullptr);
  ASSERT_NE(gated.figure("f"), nullptr);
  EXPECT_EQ(gated.figure("f")->value, 3.0);
  const SuggestContext offline{current, nullptr, nullptr, std::nullopt};
  EXPECT_EQ(offline.find_baseline("b"), nullptr);
}

}  // namespace
}  // namespace perfgate
