// Outlying runs among the history's rounds (issue 41): the suite ratio, one
// run left out at a time, and the per-case cap that needs a majority.

#include "perfgate/history/outlying_runs.hpp"

#include <gtest/gtest.h>

#include <array>
#include <limits>

#include "results_builder.hpp"

namespace perfgate::history {
namespace {

using perfgate::testing::benchmark;

// A round whose cases a, b, c sit at `factors` times 1, 2 and 3 ms (three
// samples each, exactly those times).
Results round_of(std::array<double, 3> factors) {
  std::vector<BenchmarkResult> cases;
  const char* names[] = {"a", "b", "c"};
  for (std::size_t i = 0; i < 3; ++i) {
    const double t = 1e-3 * static_cast<double>(i + 1) * factors[i];
    cases.push_back(benchmark(names[i], {t, t, t}));
  }
  return perfgate::testing::results("s", std::move(cases));
}

TEST(OutlyingRuns, TheBoundIsOneAndAHalfEitherWay) {
  EXPECT_FALSE(outlying_ratio(1.5));
  EXPECT_FALSE(outlying_ratio(1.0 / 1.5));
  EXPECT_TRUE(outlying_ratio(1.51));
  EXPECT_TRUE(outlying_ratio(0.66));
  EXPECT_TRUE(outlying_ratio(std::numeric_limits<double>::quiet_NaN()));
}

TEST(OutlyingRuns, ARunAtTwiceAmongFiveIsLeftOutWithItsRatio) {
  std::vector<Results> rounds(5, round_of({1.0, 1.0, 1.0}));
  rounds[2] = round_of({2.0, 2.0, 2.0});
  const auto out = outlying_rounds(rounds);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].round, 2u);
  EXPECT_DOUBLE_EQ(out[0].ratio, 2.0);
}

// With three runs the median of the other two is their midpoint: taken all
// at once, the two good runs would be 0.02x "the others" too.  One at a
// time, only the 100x run goes.
TEST(OutlyingRuns, OneAt100xAmongThreeIsTheOnlyOneLeftOut) {
  std::vector<Results> rounds{round_of({1.0, 1.0, 1.0}), round_of({100.0, 100.0, 100.0}), round_of({1.1, 1.1, 1.1})};
  const auto out = outlying_rounds(rounds);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].round, 1u);
}

TEST(OutlyingRuns, ARunWithOneCaseFarOffIsKeptAndThatValueCapped) {
  std::vector<Results> rounds(5, round_of({1.0, 1.0, 1.0}));
  rounds[3] = round_of({1.0, 40.0, 1.0});
  EXPECT_TRUE(outlying_rounds(rounds).empty()) << "the median over the cases is 1";
  const auto capped = cap_case_values(rounds);
  ASSERT_EQ(capped.size(), 1u);
  EXPECT_EQ(capped[0].round, 3u);
  EXPECT_EQ(capped[0].benchmark, "b");
  EXPECT_DOUBLE_EQ(capped[0].ratio, 40.0);
  EXPECT_EQ(rounds[3].find("b"), nullptr);
  EXPECT_NE(rounds[3].find("a"), nullptr);
}

// No majority agrees (two values at 1, two at 2): nothing says which are
// normal, so the case keeps every value.
TEST(OutlyingRuns, WithoutAMajorityACaseKeepsItsValues) {
  std::vector<Results> rounds{round_of({1.0, 1.0, 1.0}), round_of({1.0, 1.0, 1.0}), round_of({1.0, 2.0, 1.0}),
                              round_of({1.0, 2.0, 1.0})};
  const auto capped = cap_case_values(rounds);
  EXPECT_TRUE(capped.empty());
  for (const Results& r : rounds) EXPECT_NE(r.find("b"), nullptr);
}

}  // namespace
}  // namespace perfgate::history
