#include "perfgate/gate/comparison_text.hpp"

#include <cmath>

#include <gtest/gtest.h>

#include "perfgate/gate/comparison.hpp"
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

// Issue 41: a 1e-300 s baseline against a real time printed a change of
// 300 digits (and a cut one where the buffer was 32 bytes).
TEST(FormatChange, AnAbsurdChangeIsThreeDigitsWithAnExponent) {
  EXPECT_EQ(format_change(1.4103609042838172e+298), "+1.41e+300%");
  EXPECT_EQ(format_percent(999999.0, 2), "+999999.00%");
  EXPECT_EQ(format_percent(-12.345, 1), "-12.3%");
  EXPECT_EQ(format_percent(1.5e7, 2, false), "1.5e+07%");
  EXPECT_EQ(format_ratio(7.3874814280368e+297), "7.39e+297");
  EXPECT_EQ(format_ratio(1.0834), "1.083");
  EXPECT_EQ(format_percent(std::nan(""), 2), "n/a");
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

// Five benchmarks 30% slower, one of them 3 times: an environment shift, and
// one case beyond it.
Comparison all_slower(double first = 1.3) {
  std::vector<BenchmarkResult> base, cur;
  for (std::size_t i = 0; i < 5; ++i) {
    const std::string name = "b" + std::to_string(i);
    base.push_back(testing::benchmark(name, testing::lognormal_samples(1e-3, 0.01, 10, i + 1)));
    cur.push_back(testing::benchmark(name, testing::lognormal_samples((i == 0 ? first : 1.3) * 1e-3, 0.01, 10, i + 100)));
  }
  return compare_results(testing::results("s", base), testing::results("s", cur));
}

TEST(EnvironmentShiftLine, NamesTheRegressionsBeyondTheShiftAndTheInconclusiveRest) {
  Comparison c = all_slower(3.0);
  ASSERT_TRUE(c.environment_shift.has_value());
  ASSERT_EQ(c.find("b0")->verdict, Verdict::regression) << c.find("b0")->reason;
  c.benchmarks[0].confirmation = Confirmation::confirmed;
  const std::string line = *environment_shift_line(c);
  EXPECT_EQ(line.find("not a change in the code"), std::string::npos) << line;
  EXPECT_NE(line.find("ENVIRONMENT SHIFT: 5 of 5 benchmarks are slower by a similar factor"), std::string::npos) << line;
  EXPECT_NE(line.find("1 of them is REGRESSION beyond the shift (1 confirmed by a re-measurement)"), std::string::npos) << line;
  EXPECT_NE(line.find("the others moved with the machine and are INCONCLUSIVE"), std::string::npos) << line;
}

TEST(EnvironmentShiftLine, WithoutVerdictsBeyondItItPointsAtTheMachine) {
  const Comparison c = all_slower();
  ASSERT_TRUE(c.environment_shift.has_value());
  const std::string line = *environment_shift_line(c);
  EXPECT_NE(line.find("This looks like a slower or busier machine or different clocks: the cases that moved with it are "
                      "INCONCLUSIVE, not REGRESSION"),
            std::string::npos)
      << line;
  EXPECT_NE(line.find("`perfgate ab`"), std::string::npos) << line;
}

}  // namespace
}  // namespace perfgate
