#include <gtest/gtest.h>

#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

using testing::benchmark;

std::vector<double> flat(double median) { return {median * 0.999, median, median * 1.001, median, median}; }

DerivedFigure break_even(const std::string& size, std::optional<double> value, std::optional<std::string> missing = {}) {
  DerivedFigure f;
  f.name = "elementwise/jit_break_even_calls/" + size;
  f.unit = "calls";
  f.value = value;
  f.missing = std::move(missing);
  f.inputs = {"elementwise/jit_compile", "elementwise/eager/" + size, "elementwise/jit/" + size};
  return f;
}

Results elementwise(double compile, double eager, double jit) {
  Results r = testing::results("elementwise",
                               {benchmark("elementwise/jit_compile", flat(compile)), benchmark("elementwise/eager/16", flat(eager)),
                                benchmark("elementwise/jit/16", flat(jit))},
                               testing::test_gpu());
  return r;
}

TEST(SuggestJitBreakEven, FiresWithBreakEvenCallsAndMeasuredSpeedup) {
  Results r = elementwise(0.05, 1e-3, 0.25e-3);
  r.figures.push_back(break_even("16", 0.05 / 0.75e-3));  // 66.7 calls
  const auto out = rules::jit_break_even().apply(SuggestContext{r, nullptr, nullptr, std::nullopt});
  ASSERT_EQ(out.size(), 1u);
  const Suggestion& s = out[0];
  EXPECT_EQ(s.rule, "jit-break-even");
  EXPECT_EQ(s.benchmark, "elementwise/jit/16");
  EXPECT_EQ(s.priority, Priority::low);  // under 100 calls
  EXPECT_NE(s.evidence.find("compile 50.0 ms repaid after 66.7 calls"), std::string::npos) << s.evidence;
  EXPECT_NE(s.evidence.find("saves 750 µs per call"), std::string::npos) << s.evidence;
  EXPECT_TRUE(s.expected_gain.measured);
  EXPECT_NEAR(s.expected_gain.factor, 4.0, 1e-9);
  EXPECT_EQ(s.expected_gain.text, "the compiled kernel runs 4x faster per call");
  EXPECT_NE(s.hint.find("fewer than 66.7 calls"), std::string::npos) << s.hint;
}

TEST(SuggestJitBreakEven, PriorityRisesWithTheCallsNeeded) {
  Results r = elementwise(20.0, 1e-3, 0.9e-3);
  r.figures.push_back(break_even("16", 20.0 / 0.1e-3));  // 200000 calls
  auto out = rules::jit_break_even().apply(SuggestContext{r, nullptr, nullptr, std::nullopt});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].priority, Priority::high);

  r.figures[0].value = 5000.0;
  out = rules::jit_break_even().apply(SuggestContext{r, nullptr, nullptr, std::nullopt});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].priority, Priority::medium);
}

TEST(SuggestJitBreakEven, FiresWhenTheJitIsNotFaster) {
  Results r = elementwise(0.05, 1e-3, 1.1e-3);
  r.figures.push_back(break_even("16", std::nullopt, "\"elementwise/jit/16\" is not faster per call than \"elementwise/eager/16\""));
  const auto out = rules::jit_break_even().apply(SuggestContext{r, nullptr, nullptr, std::nullopt});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].priority, Priority::medium);
  EXPECT_FALSE(out[0].expected_gain.measured);
  EXPECT_EQ(out[0].expected_gain.factor, 0.0);
  EXPECT_EQ(out[0].expected_gain.text.rfind("estimate: ", 0), 0u) << out[0].expected_gain.text;
  EXPECT_NE(out[0].evidence.find("never pays off"), std::string::npos) << out[0].evidence;
}

TEST(SuggestJitBreakEven, SilentWithoutAMeasuredBreakEvenFigure) {
  Results r = elementwise(0.05, 1e-3, 0.25e-3);
  DerivedFigure speedup;  // not a break-even figure
  speedup.name = "elementwise/jit_speedup/16";
  speedup.unit = "x";
  speedup.value = 4.0;
  speedup.inputs = {"elementwise/eager/16", "elementwise/jit/16"};
  r.figures.push_back(speedup);
  // A break-even figure without a value for another reason.
  r.figures.push_back(break_even("16", std::nullopt, "\"elementwise/jit_compile\" failed"));
  EXPECT_TRUE(rules::jit_break_even().apply(SuggestContext{r, nullptr, nullptr, std::nullopt}).empty());

  // A break-even figure whose compile case failed in this run.
  Results failed = elementwise(0.05, 1e-3, 0.25e-3);
  failed.benchmarks[0] = testing::failed_benchmark("elementwise/jit_compile", "nvrtc: boom");
  failed.figures.push_back(break_even("16", 66.7));
  EXPECT_TRUE(rules::jit_break_even().apply(SuggestContext{failed, nullptr, nullptr, std::nullopt}).empty());
}

}  // namespace
}  // namespace perfgate
