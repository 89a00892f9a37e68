// SUSPECT (issue 30): a thinly measured case whose slowdown stands out from
// the suite's own spread of changes is marked, never failed, and the run
// note says how to judge it.

#include "perfgate/gate/suspect_change.hpp"

#include <gtest/gtest.h>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

// One sample a side per case (as most real Google Benchmark files keep),
// the current one the baseline's times `factors[i]`; `samples` a side.
Comparison changed_by(const std::vector<double>& factors, std::size_t samples = 1) {
  std::vector<BenchmarkResult> base, cur;
  for (std::size_t i = 0; i < factors.size(); ++i) {
    const std::string name = "b" + std::to_string(i);
    base.push_back(testing::benchmark(name, std::vector<double>(samples, 1e-3 * (1.0 + 0.001 * i))));
    cur.push_back(testing::benchmark(name, std::vector<double>(samples, 1e-3 * (1.0 + 0.001 * i) * factors[i])));
  }
  Results current = testing::results("s", cur);
  current.source.command = "build/bench_x --benchmark_out=x.json";
  return compare_results(testing::results("s", base), current);
}

std::vector<std::string> suspects(const Comparison& c) {
  std::vector<std::string> names;
  for (const BenchmarkComparison& b : c.benchmarks)
    if (b.suspect) names.push_back(b.name);
  return names;
}

TEST(SuspectChange, ASlowdownBeyondTheSuitesSpreadIsSuspectNeverAFailure) {
  const Comparison c = changed_by({1.00, 1.01, 0.99, 1.02, 0.98, 1.30, 1.00, 1.01, 0.99, 0.97});
  EXPECT_EQ(suspects(c), std::vector<std::string>{"b5"});
  const BenchmarkComparison& b5 = *c.find("b5");
  EXPECT_EQ(b5.verdict, Verdict::inconclusive);
  EXPECT_NEAR(b5.suspect->change_pct, 30.0, 1e-9);
  EXPECT_GT(b5.suspect->spreads, kSuspectSpreads);
  EXPECT_NE(b5.reason.find("SUSPECT: +30.0% is"), std::string::npos) << b5.reason;
  EXPECT_EQ(gate_exit_code(c), 0) << "never a failure";
  ASSERT_FALSE(c.notes.empty());
  EXPECT_NE(c.notes.back().find("1 case is SUSPECT"), std::string::npos) << c.notes.back();
  EXPECT_NE(c.notes.back().find("build/bench_x --benchmark_filter='^(b5)$' --benchmark_repetitions=10"), std::string::npos)
      << c.notes.back();
}

TEST(SuspectChange, NothingStandsOutOfAWideSpreadOrATooSmallSuite) {
  EXPECT_TRUE(suspects(changed_by({1.0, 1.3, 0.7, 1.5, 0.6, 1.4, 0.8, 1.2})).empty()) << "30% among changes of +-40%";
  EXPECT_TRUE(suspects(changed_by({1.0, 1.0, 1.0, 2.0})).empty()) << "4 cases are no spread";
  EXPECT_TRUE(suspects(changed_by({1.0, 1.0, 1.0, 1.0, 0.5, 1.0})).empty()) << "a speed-up is no suspect";
  EXPECT_TRUE(suspects(changed_by({1.0, 1.0, 1.0, 1.0, 1.04, 1.0})).empty()) << "4% is within the 5% threshold";
}

TEST(SuspectChange, AJudgedCaseIsNeverSuspect) {
  // Ten samples a side: judged (REGRESSION), not suspected.
  const Comparison c = changed_by({1.00, 1.01, 0.99, 1.02, 0.98, 1.30, 1.00}, 10);
  EXPECT_TRUE(suspects(c).empty());
  EXPECT_EQ(c.find("b5")->verdict, Verdict::regression);
}

TEST(SuspectChange, TheFilterEscapesRegexAndShellCharacters) {
  std::vector<BenchmarkComparison> cases(2);
  cases[0].name = "BM_x<int>/8.5";
  cases[0].suspect = SuspectChange{};
  cases[1].name = "it's(1)";
  cases[1].suspect = SuspectChange{};
  const std::optional<std::string> note = suspect_note(cases, "");
  ASSERT_TRUE(note);
  EXPECT_NE(note->find("the benchmark program --benchmark_filter='^(BM_x<int>/8\\.5|it'\\''s\\(1\\))$'"), std::string::npos)
      << *note;
  EXPECT_FALSE(suspect_note({}, "x"));
}

// Issue 41: the program comes from a results file a pull request can write;
// it is printed as one quoted word, from the old unquoted form too.
TEST(SuspectChange, TheProgramIsQuotedWhole) {
  std::vector<BenchmarkComparison> cases(1);
  cases[0].name = "b5";
  cases[0].suspect = SuspectChange{};
  const std::string rerun = ": '/opt/$(touch${IFS}pwned)/perf_x' --benchmark_filter='^(b5)$' --benchmark_repetitions=10";
  for (const std::string recorded : {"/opt/$(touch${IFS}pwned)/perf_x --benchmark_out=x.json",
                                     "'/opt/$(touch${IFS}pwned)/perf_x' --benchmark_out=x.json"}) {
    const std::string note = suspect_note(cases, recorded).value_or("");
    EXPECT_TRUE(note.size() > rerun.size() && note.compare(note.size() - rerun.size(), rerun.size(), rerun) == 0) << note;
  }
  const std::string blank = suspect_note(cases, "'build/my benches/perf_x' --x").value_or("");
  EXPECT_NE(blank.find("(from the project's folder): 'build/my benches/perf_x' --benchmark_filter="), std::string::npos)
      << blank;
}

}  // namespace
}  // namespace perfgate
