#include "perfgate/writers/text_format.hpp"

#include <cmath>

#include <gtest/gtest.h>

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
  s.verdict = Verdict::error;
  s.skipped = true;
  EXPECT_EQ(verdict_label(s), "ERROR (skipped)");
}

}  // namespace
}  // namespace perfgate
