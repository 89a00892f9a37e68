#include "perfgate/writers/text_format.hpp"

#include <cmath>

#include <gtest/gtest.h>

#include "perfgate/compare/comparison.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

TEST(FormatSeconds, PicksTheUnitBySize) {
  EXPECT_EQ(format_seconds(812e-9), "812 ns");
  EXPECT_EQ(format_seconds(12.34e-6), "12.3 µs");
  EXPECT_EQ(format_seconds(4.561e-3), "4.56 ms");
  EXPECT_EQ(format_seconds(1.2), "1.20 s");
  EXPECT_EQ(format_seconds(NAN), "n/a");
}

TEST(FormatChange, SignedPercent) {
  EXPECT_EQ(format_change(1.0234), "+2.34%");
  EXPECT_EQ(format_change(0.9), "-10.00%");
}

TEST(FormatProbability, SmallValuesInExponentForm) {
  EXPECT_EQ(format_probability(3.14e-5), "3.1e-05");
  EXPECT_EQ(format_probability(0.4213), "0.421");
}

TEST(VerdictLabel, AddsConfirmationAndFlags) {
  BenchmarkComparison b;
  b.verdict = Verdict::regression;
  b.confirmation = Confirmation::confirmed;
  EXPECT_EQ(verdict_label(b), "REGRESSION (confirmed)");
  b.ignored = true;
  EXPECT_EQ(verdict_label(b), "REGRESSION (confirmed) [ignored]");
  BenchmarkComparison s;
  s.verdict = Verdict::skipped;
  EXPECT_EQ(verdict_label(s), "SKIPPED");
}

// Five benchmarks 30% slower: an environment shift whose moved cases are REGRESSIONs.
Comparison all_slower() {
  std::vector<BenchmarkResult> base, cur;
  for (std::size_t i = 0; i < 5; ++i) {
    const std::string name = "b" + std::to_string(i);
    base.push_back(testing::benchmark(name, testing::lognormal_samples(1e-3, 0.01, 10, i + 1)));
    cur.push_back(testing::benchmark(name, testing::lognormal_samples(1.3e-3, 0.01, 10, i + 100)));
  }
  return compare_results(testing::results("s", base), testing::results("s", cur));
}

TEST(EnvironmentShiftLine, DoesNotContradictRegressionsAmongTheShiftedCases) {
  Comparison c = all_slower();
  ASSERT_TRUE(c.environment_shift.has_value());
  c.benchmarks[0].confirmation = Confirmation::confirmed;
  const std::string line = *environment_shift_line(c);
  EXPECT_EQ(line.find("not a change in the code"), std::string::npos) << line;
  EXPECT_NE(line.find("ENVIRONMENT SHIFT: 5 of 5 benchmarks are slower by a similar factor"), std::string::npos) << line;
  EXPECT_NE(line.find("5 of them are REGRESSION (1 confirmed by a re-measurement)"), std::string::npos) << line;
  EXPECT_NE(line.find("those verdicts stand on their own evidence"), std::string::npos) << line;
}

TEST(EnvironmentShiftLine, WithoutVerdictsThatWayItPointsAtTheMachine) {
  Comparison c = all_slower();
  ASSERT_TRUE(c.environment_shift.has_value());
  for (BenchmarkComparison& b : c.benchmarks) b.verdict = Verdict::no_change;  // e.g. a lenient threshold
  const std::string line = *environment_shift_line(c);
  EXPECT_NE(line.find("This looks like a slower or busier machine or different clocks, not a change in the code."),
            std::string::npos) << line;
}

}  // namespace
}  // namespace perfgate
