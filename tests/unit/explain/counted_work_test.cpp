// "counted-work": a case whose counted pass executes more instructions than
// the baseline's, beyond 1% and three times the counts' spread (the gate's
// count REGRESSION), named with the time verdict beside it; nothing where
// either side was not counted.

#include <gtest/gtest.h>

#include "perfgate/gate/comparison.hpp"
#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;

BenchmarkResult counted(const std::string& name, double median_s, std::uint64_t seed, std::optional<double> instructions,
                        double spread_pct = 0.0) {
  BenchmarkResult b = benchmark(name, lognormal_samples(median_s, 0.01, 10, seed));
  if (instructions) {
    b.counters["instructions"] = *instructions;
    b.counters["instructions_spread_pct"] = spread_pct;
    b.counters["l1_misses"] = 1000.0;
    b.counters["branch_mispredicts"] = 50.0;
  }
  return b;
}

struct Judged {
  Results baseline, current;
  Comparison comparison;
  std::vector<Suggestion> suggestions;
};

Judged judge(std::vector<BenchmarkResult> old_cases, std::vector<BenchmarkResult> new_cases,
             GateMeasure measure = GateMeasure::both) {
  Judged j{testing::results("host", std::move(old_cases)), testing::results("host", std::move(new_cases)), {}, {}};
  GateSettings settings;
  settings.measure = measure;
  j.comparison = compare_results(j.baseline, j.current, settings);
  j.suggestions = rules::counted_work().apply({j.current, &j.comparison, &j.baseline, std::nullopt});
  return j;
}

TEST(SuggestCountedWork, MoreInstructionsWithNoTimeVerdictAreNamed) {
  // 2% more instructions, the same time: the time gate sees nothing, and
  // with the gate measure "time" the counts do not fail the case either.
  const Judged j = judge({counted("loop", 1e-3, 1, 1.0e8), counted("steady", 1e-3, 2, 5.0e7)},
                         {counted("loop", 1e-3, 3, 1.02e8), counted("steady", 1e-3, 4, 5.0e7)}, GateMeasure::time);
  ASSERT_NE(j.comparison.find("loop")->verdict, Verdict::regression);
  ASSERT_EQ(j.suggestions.size(), 1u);
  const Suggestion& s = j.suggestions[0];
  EXPECT_EQ(s.rule, "counted-work");
  EXPECT_EQ(s.benchmark, "loop");
  EXPECT_EQ(s.priority, Priority::high);
  EXPECT_NE(s.evidence.find("instructions 100,000,000 -> 102,000,000 (+2%) a timed iteration (callgrind; spread 0%, "
                             "count threshold 1%)"),
            std::string::npos) << s.evidence;
  EXPECT_NE(s.evidence.find("the time verdict: "), std::string::npos) << s.evidence;
  EXPECT_NE(s.evidence.find("counts are reported, not gated"), std::string::npos) << s.evidence;
  EXPECT_TRUE(s.expected_gain.measured);
  EXPECT_EQ(s.expected_gain.factor, 0.0) << "fewer instructions are no speed-up by themselves";
  EXPECT_NE(s.expected_gain.text.find("% fewer instructions a timed iteration"), std::string::npos);
  EXPECT_NE(s.hint.find("the time gate did not see it"), std::string::npos) << s.hint;
}

TEST(SuggestCountedWork, UnderTheDefaultMeasureTheCountsFailTheCase) {
  const Judged j = judge({counted("loop", 1e-3, 1, 1.0e8)}, {counted("loop", 1e-3, 3, 1.02e8)});
  ASSERT_EQ(j.comparison.find("loop")->verdict, Verdict::regression);
  ASSERT_EQ(j.suggestions.size(), 1u);
  EXPECT_NE(j.suggestions[0].evidence.find("the time verdict: NO_CHANGE; the case failed on its counts (gate measure both)"),
            std::string::npos) << j.suggestions[0].evidence;
  EXPECT_NE(j.suggestions[0].hint.find("the time gate did not see it"), std::string::npos) << j.suggestions[0].hint;
}

TEST(SuggestCountedWork, ASlowerCaseSaysItsWorkGrewWithTheTime) {
  const Judged j = judge({counted("loop", 1e-3, 1, 1.0e8)}, {counted("loop", 1.5e-3, 3, 1.5e8)});
  ASSERT_EQ(j.comparison.find("loop")->verdict, Verdict::regression);
  ASSERT_EQ(j.suggestions.size(), 1u);
  EXPECT_NE(j.suggestions[0].evidence.find("(+50%)"), std::string::npos) << j.suggestions[0].evidence;
  EXPECT_NE(j.suggestions[0].evidence.find("REGRESSION"), std::string::npos) << j.suggestions[0].evidence;
  EXPECT_NE(j.suggestions[0].hint.find("the work grew with the time"), std::string::npos);
}

TEST(SuggestCountedWork, SmallSpreadFewerOrUncountedCasesSayNothing) {
  // Under 1%; within 3 spreads of counts that moved 1% run to run; fewer
  // instructions; a case counted on one side only.
  const Judged j = judge({counted("small", 1e-3, 1, 1.0e8), counted("spread", 1e-3, 2, 1.0e8, 1.0),
                          counted("fewer", 1e-3, 3, 1.0e8), counted("one-side", 1e-3, 4, std::nullopt)},
                         {counted("small", 1e-3, 5, 1.009e8), counted("spread", 1e-3, 6, 1.025e8, 1.0),
                          counted("fewer", 1e-3, 7, 0.8e8), counted("one-side", 1e-3, 8, 2.0e8)});
  EXPECT_TRUE(j.suggestions.empty()) << j.suggestions.front().benchmark;
  const Judged ungated{testing::results("host", {}), testing::results("host", {}), {}, {}};
  EXPECT_TRUE(rules::counted_work().apply({ungated.current, nullptr, nullptr, std::nullopt}).empty());
}

}  // namespace
}  // namespace perfgate
