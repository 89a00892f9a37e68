#include "perfgate/runtime/derived_figures.hpp"

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::failed_benchmark;
using testing::skipped_benchmark;

// Samples whose median is exactly `median` (and whose mean is not).
BenchmarkResult timed(const std::string& name, double median) {
  return benchmark(name, {median * 0.5, median, median, median * 1.1, median * 9});
}

DerivedFigure only(const std::vector<BenchmarkResult>& cases, const FigureDefinition& definition) {
  const std::vector<DerivedFigure> derived = derive_figures(cases, {definition});
  EXPECT_EQ(derived.size(), 1u);
  return derived.empty() ? DerivedFigure{} : derived.front();
}

TEST(DerivedFigures, SpeedupIsSlowerOverFasterMedian) {
  const DerivedFigure f =
      only({timed("ew/eager", 3e-3), timed("ew/fused", 1.2e-3)}, figures::speedup("ew/fusion_speedup", "ew/eager", "ew/fused"));
  EXPECT_EQ(f.name, "ew/fusion_speedup");
  ASSERT_TRUE(f.value) << f.missing.value_or("");
  EXPECT_DOUBLE_EQ(*f.value, 2.5);
  EXPECT_EQ(f.unit, "x");
  EXPECT_EQ(f.formula, "median(ew/eager) / median(ew/fused)");
  EXPECT_EQ(f.inputs, (std::vector<std::string>{"ew/eager", "ew/fused"}));
  EXPECT_FALSE(f.missing);
}

TEST(DerivedFigures, PercentOfIsTheCaseSpeedAsAShareOfTheReference) {
  // Own SGEMM takes 5 ms where cuBLAS takes 4 ms: it runs at 80% of cuBLAS's speed.
  const DerivedFigure f = only({timed("gemm/own", 5e-3), timed("gemm/cublas", 4e-3)},
                               figures::percent_of("gemm/own_pct_of_cublas", "gemm/own", "gemm/cublas"));
  ASSERT_TRUE(f.value) << f.missing.value_or("");
  EXPECT_DOUBLE_EQ(*f.value, 80.0);
  EXPECT_EQ(f.unit, "%");
  EXPECT_EQ(f.formula, "100 * median(gemm/cublas) / median(gemm/own)");
  EXPECT_EQ(f.inputs, (std::vector<std::string>{"gemm/own", "gemm/cublas"}));
}

TEST(DerivedFigures, BreakEvenIsCostOverTheGainPerCall) {
  // 0.5 s to compile, 30 µs saved per call: 16667 calls to repay it.
  const DerivedFigure f = only({timed("jit/compile", 0.5), timed("jit/eager", 50e-6), timed("jit/compiled", 20e-6)},
                               figures::break_even_calls("jit/break_even", "jit/compile", "jit/eager", "jit/compiled"));
  ASSERT_TRUE(f.value) << f.missing.value_or("");
  EXPECT_NEAR(*f.value, 0.5 / 30e-6, 1e-6);
  EXPECT_EQ(f.unit, "calls");
  EXPECT_EQ(f.formula, "median(jit/compile) / (median(jit/eager) - median(jit/compiled))");
  EXPECT_EQ(f.inputs.size(), 3u);
}

TEST(DerivedFigures, BreakEvenWithoutAGainHasNoValue) {
  const DerivedFigure f = only({timed("jit/compile", 0.5), timed("jit/eager", 20e-6), timed("jit/compiled", 25e-6)},
                               figures::break_even_calls("jit/break_even", "jit/compile", "jit/eager", "jit/compiled"));
  EXPECT_FALSE(f.value);
  ASSERT_TRUE(f.missing);
  EXPECT_NE(f.missing->find("'jit/compiled' is not faster per call"), std::string::npos) << *f.missing;
  // Equal times repay nothing either (and must not divide by zero).
  const DerivedFigure equal = only({timed("c", 1.0), timed("s", 1e-3), timed("f", 1e-3)},
                                   figures::break_even_calls("b", "c", "s", "f"));
  EXPECT_FALSE(equal.value);
  EXPECT_EQ(equal.missing, "'f' is not faster per call than 's'");
}

TEST(DerivedFigures, OverlapBoundIsTheSumOverTheLonger) {
  const DerivedFigure f = only({timed("copy", 3e-3), timed("compute", 1e-3)}, figures::overlap_bound("overlap", "copy", "compute"));
  ASSERT_TRUE(f.value) << f.missing.value_or("");
  EXPECT_DOUBLE_EQ(*f.value, 4.0 / 3.0);
  EXPECT_EQ(f.unit, "x");
  EXPECT_EQ(f.formula, "(median(copy) + median(compute)) / max(median(copy), median(compute))");
}

TEST(DerivedFigures, AnInputThatWasNotRunIsNamed) {
  const DerivedFigure f = only({timed("a", 2e-3)}, figures::speedup("s", "a", "b"));
  EXPECT_FALSE(f.value);
  EXPECT_EQ(f.missing, "'b' was not run");
  EXPECT_EQ(f.formula, "median(a) / median(b)");  // the formula is stated even without a value
}

TEST(DerivedFigures, AFailedOrSkippedInputLeavesNoValue) {
  const DerivedFigure failed = only({timed("a", 2e-3), failed_benchmark("b", "cudaMalloc: out of memory")},
                                    figures::speedup("s", "a", "b"));
  EXPECT_FALSE(failed.value);
  EXPECT_EQ(failed.missing, "'b' failed");
  const DerivedFigure skipped = only({skipped_benchmark("a", "no CUDA device: none"), timed("b", 1e-3)},
                                     figures::speedup("s", "a", "b"));
  EXPECT_FALSE(skipped.value);
  EXPECT_EQ(skipped.missing, "'a' was skipped: 'no CUDA device: none'");
}

TEST(DerivedFigures, AFigureWithNoInputRunIsOmitted) {
  const std::vector<DerivedFigure> derived =
      derive_figures({timed("other", 1e-3)}, {figures::speedup("s", "a", "b"), figures::speedup("t", "other", "b")});
  ASSERT_EQ(derived.size(), 1u);
  EXPECT_EQ(derived[0].name, "t");
}

TEST(DerivedFigures, AZeroMedianGivesNoValueRatherThanInfinity) {
  const DerivedFigure f = only({timed("a", 1e-3), benchmark("b", {0.0, 0.0, 0.0})}, figures::speedup("s", "a", "b"));
  EXPECT_FALSE(f.value);
  EXPECT_EQ(f.missing, "median(b) is not positive");
}

TEST(DerivedFigures, FiguresKeepTheirDefinitionOrder) {
  const std::vector<BenchmarkResult> cases = {timed("a", 2e-3), timed("b", 1e-3)};
  const auto derived = derive_figures(cases, {figures::speedup("z", "a", "b"), figures::percent_of("y", "a", "b")});
  ASSERT_EQ(derived.size(), 2u);
  EXPECT_EQ(derived[0].name, "z");
  EXPECT_EQ(derived[1].name, "y");
  EXPECT_DOUBLE_EQ(*derived[1].value, 50.0);
}

// A figure over a counter (a memory ratio) reads each input's counter, not
// its time; an input without the counter, or with a label there, is missing
// with the reason, as a case that did not run is.
TEST(DerivedFigures, ACounterFigureReadsEachInputsCounter) {
  FigureDefinition d = figures::speedup("memory_ratio", "tape", "adjoint");
  d.counter = "device_memory_peak_bytes";
  BenchmarkResult tape = timed("tape", 1e-3), adjoint = timed("adjoint", 5e-3);
  tape.counters["device_memory_peak_bytes"] = 6e9;
  adjoint.counters["device_memory_peak_bytes"] = 1.5e9;
  EXPECT_DOUBLE_EQ(*only({tape, adjoint}, d).value, 4.0);  // the times' ratio would be 0.2

  adjoint.counters["device_memory_peak_bytes"] = std::string("n/a");
  const DerivedFigure label = only({tape, adjoint}, d);
  EXPECT_FALSE(label.value);
  EXPECT_EQ(label.missing, "'adjoint' has no numeric counter 'device_memory_peak_bytes'");
  adjoint.counters.clear();
  EXPECT_EQ(only({tape, adjoint}, d).missing, "'adjoint' has no numeric counter 'device_memory_peak_bytes'");

  d.tolerates_missing_inputs = true;  // a sweep's figure sees the input as NaN
  d.derive = [](const std::vector<double>& m, std::string*) -> std::optional<double> { return std::isnan(m[1]) ? 1.0 : 0.0; };
  EXPECT_DOUBLE_EQ(*only({tape, adjoint}, d).value, 1.0);
}

PERFGATE_FIGURE(figures::speedup("test/registered_speedup", "test/registered_slow", "test/registered_fast"));

TEST(DerivedFigures, MacroRegistersAtStartUp) {
  const auto& registered = registered_figures();
  const auto it = std::find_if(registered.begin(), registered.end(),
                               [](const FigureDefinition& d) { return d.name == "test/registered_speedup"; });
  ASSERT_NE(it, registered.end());
  const auto derived = derive_figures({timed("test/registered_slow", 6e-3), timed("test/registered_fast", 2e-3)}, registered);
  ASSERT_EQ(derived.size(), 1u);
  EXPECT_DOUBLE_EQ(*derived[0].value, 3.0);
}

}  // namespace
}  // namespace perfgate
