// The chart data's codes: zigzag and base-64 VLQ read back what was written,
// in the exact digits assets/dashboard.js decodes, and a median survives
// its log step to within 0.005%.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "perfgate/dashboard/series_code.hpp"

namespace perfgate::dashboard {
namespace {

TEST(SeriesCode, ZigzagMapsSmallMagnitudesToSmallCodes) {
  EXPECT_EQ(zigzag(0), 0u);
  EXPECT_EQ(zigzag(-1), 1u);
  EXPECT_EQ(zigzag(1), 2u);
  EXPECT_EQ(zigzag(-2), 3u);
  for (std::int64_t v : {std::int64_t{0}, std::int64_t{-7}, std::int64_t{123456789}, std::int64_t{-1700000000000},
                         std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::min()})
    EXPECT_EQ(unzigzag(zigzag(v)), v) << v;
}

TEST(SeriesCode, DigitsAreTheDocumentedOnes) {
  std::string text;
  append_vlq(text, 0);
  append_vlq(text, 31);
  append_vlq(text, 32);   // low 5 bits 0 with "more" (32 -> 'g'), then 1 ('B')
  append_vlq(text, 1025);  // 1 + more, 0 + more, 1
  EXPECT_EQ(text, "AfgBhgB");
}

TEST(SeriesCode, EveryValueReadsBack) {
  const std::vector<std::uint64_t> values = {0, 1, 31, 32, 33, 1023, 1024, 3400000000ULL, (1ULL << 40) + 5,
                                             std::numeric_limits<std::uint64_t>::max()};
  std::string text;
  for (std::uint64_t v : values) append_vlq(text, v);
  const auto decoded = decode_vlq(text);
  ASSERT_TRUE(decoded.has_value());
  EXPECT_EQ(*decoded, values);
}

TEST(SeriesCode, ABadCharacterOrACutNumberIsNoCode) {
  EXPECT_FALSE(decode_vlq("AB=C").has_value());
  EXPECT_FALSE(decode_vlq("Ag").has_value()) << "'g' says more digits follow";
  EXPECT_EQ(decode_vlq("")->size(), 0u);
}

TEST(SeriesCode, AMedianSurvivesItsLogStepWithinHalfAStep) {
  const double base = 1.234e-3;
  EXPECT_EQ(log_step(base, base), 0);
  EXPECT_EQ(log_step(base * std::exp(1e-4), base), 1) << "one step is a 0.01% ratio";
  for (double m : {1e-9, 3.3e-6, 1.2e-3, 0.9, 42.0}) {
    const double back = from_log_step(log_step(m, base), base);
    EXPECT_LT(std::fabs(back / m - 1.0), 0.5e-4 + 1e-12) << m;
  }
  EXPECT_EQ(log_step(0.0, base), log_step(-1.0, base)) << "no time is one fixed step, not undefined";
  EXPECT_EQ(log_step(std::nan(""), base), log_step(0.0, base));
}

}  // namespace
}  // namespace perfgate::dashboard
