#include "perfgate/gate/sequential_remeasure.hpp"

#include <gtest/gtest.h>

#include <numeric>

#include "perfgate/gate/confirmation.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

// A baseline of three rounds of 10 at 10% noise and a run of 6 repetitions
// 15% slower: the run alone cannot decide it (checked in each test).
struct Undecided {
  Results base;
  Results cur;
  Undecided() {
    BenchmarkResult slow = benchmark("slow", lognormal_samples(1e-3, 0.10, 30, 1));
    slow.rounds = {10, 10, 10};
    BenchmarkResult same = benchmark("same", lognormal_samples(1e-3, 0.10, 30, 2));
    same.rounds = {10, 10, 10};
    base = results("s", {slow, same});
    cur = results("s", {benchmark("slow", lognormal_samples(1.15e-3, 0.10, 6, 3)),
                        benchmark("same", lognormal_samples(1e-3, 0.10, 6, 4))});
  }
};

// Rounds drawn from `median`, each look judging them all pooled against the
// baseline, as the live gate does; it records what each look was asked.
struct FakeRounds {
  const Results& base;
  double median;
  std::vector<double> pooled;
  std::vector<GateSettings> looks;
  std::vector<std::size_t> repetitions;
  std::uint64_t seed = 100;
  Comparison operator()(const std::vector<std::string>& names, std::size_t reps, const GateSettings& settings) {
    looks.push_back(settings);
    repetitions.push_back(reps);
    const std::vector<double> more = lognormal_samples(median, 0.10, reps, seed++);
    pooled.insert(pooled.end(), more.begin(), more.end());
    return compare_results(cases_named(base, names), results("s", {benchmark("slow", pooled)}), settings);
  }
};

TEST(SequentialRemeasure, EachLookHalvesTheLevelSoAllLooksStayBelowQ) {
  EXPECT_DOUBLE_EQ(look_level(0.01, 1), 0.005);
  EXPECT_DOUBLE_EQ(look_level(0.01, 2), 0.0025);
  EXPECT_DOUBLE_EQ(look_level(0.01, 3), 0.00125);
  double spent = 0.0;
  for (std::size_t look = 1; look <= 60; ++look) spent += look_level(0.01, look);
  EXPECT_LT(spent, 0.01);
}

TEST(SequentialRemeasure, AFamilyLargerThanItsMembersCountsTheOthersAsOnes) {
  Evidence a, b;
  a.p_slower = 0.001;
  b.p_slower = 0.5;
  assign_q_values({&a, &b});
  EXPECT_DOUBLE_EQ(a.q_slower, 0.002);
  assign_q_values({&a, &b}, 10);  // eight more members, each p = 1
  EXPECT_DOUBLE_EQ(a.q_slower, 0.01);
  EXPECT_DOUBLE_EQ(b.q_slower, 1.0);
}

TEST(SequentialRemeasure, AnUndecidedSlowdownIsOneMoreRepetitionsCanDecide) {
  const GateSettings settings;  // q = 0.01, 5 samples a side
  BenchmarkComparison c;
  c.baseline = SampleSummary{};
  c.baseline->n = 10;
  c.current = c.baseline;
  c.verdict = Verdict::inconclusive;
  c.threshold_pct = 5.0;
  c.evidence = Evidence{};
  c.evidence->interval_available = true;
  c.evidence->ratio = 1.10;
  c.evidence->ci_low = 0.95;
  c.evidence->ci_high = 1.30;
  EXPECT_TRUE(undecided_slowdown(c, settings));
  c.verdict = Verdict::no_change;  // within the threshold: decided enough for the gate
  c.evidence->ratio = 1.03;
  EXPECT_FALSE(undecided_slowdown(c, settings));
  c.verdict = Verdict::inconclusive;
  c.evidence->ratio = 1.04;  // not beyond the threshold
  EXPECT_FALSE(undecided_slowdown(c, settings));
  c.evidence->ratio = 1.10;
  c.evidence->ci_low = 1.01;  // the interval above 1, but q not below the level
  EXPECT_TRUE(undecided_slowdown(c, settings));
  c.evidence->q_slower = 0.001;  // established (INCONCLUSIVE against a suite's shift): more of the case cannot help
  EXPECT_FALSE(undecided_slowdown(c, settings));
  c.evidence->q_slower = 1.0;
  c.current->n = 3;  // too few samples: not a question of the change
  EXPECT_FALSE(undecided_slowdown(c, settings));
  c.current->n = 10;
  c.evidence->ci_low = 0.95;
  c.evidence->interval_available = false;
  EXPECT_FALSE(undecided_slowdown(c, settings));
  c.evidence->interval_available = true;
  c.verdict = Verdict::regression;
  EXPECT_FALSE(undecided_slowdown(c, settings));
  c.verdict = Verdict::inconclusive;
  c.ignored = true;
  EXPECT_FALSE(undecided_slowdown(c, settings));
}

TEST(SequentialRemeasure, AnUndecidedSlowdownIsDecidedByItsRounds) {
  const Undecided s;
  Comparison c = compare_results(s.base, s.cur);
  ASSERT_TRUE(undecided_slowdown(*c.find("slow"), c.settings)) << c.find("slow")->reason;
  ASSERT_EQ(open_cases(c), std::vector<std::string>{"slow"});
  FakeRounds rounds{s.base, 1.15e-3, {}, {}, {}};
  SequentialPlan plan;
  const SequentialOutcome outcome = measure_until_decided(c, open_cases(c), std::ref(rounds), plan);
  const BenchmarkComparison& slow = *c.find("slow");
  EXPECT_EQ(slow.verdict, Verdict::regression) << slow.reason;
  EXPECT_EQ(slow.confirmation, Confirmation::confirmed);
  ASSERT_TRUE(slow.remeasured.has_value());
  EXPECT_EQ(slow.remeasured->rounds, outcome.rounds);
  EXPECT_EQ(slow.remeasured->repetitions, 20 * outcome.rounds);
  EXPECT_DOUBLE_EQ(slow.remeasured->level, look_level(0.01, outcome.rounds));
  ASSERT_TRUE(slow.recheck.has_value());
  EXPECT_EQ(slow.recheck->n, 20 * outcome.rounds) << "every round so far, pooled";
  EXPECT_NE(slow.reason.find("decided by re-measuring"), std::string::npos) << slow.reason;
  EXPECT_NE(slow.reason.find("the run alone"), std::string::npos) << slow.reason;
  EXPECT_EQ(outcome.decided, 1u);
  // Look k at q / 2^k, in the family fixed before the looks.
  for (std::size_t k = 0; k < rounds.looks.size(); ++k) {
    EXPECT_DOUBLE_EQ(rounds.looks[k].fdr_q, look_level(0.01, k + 1));
    EXPECT_EQ(rounds.looks[k].fdr_family_size, 1u);
  }
  EXPECT_EQ(c.find("same")->remeasured, std::nullopt) << "a case the run decided is not measured again";
}

TEST(SequentialRemeasure, AnUnchangedCaseReMeasuredWithinTheThresholdIsNoChange) {
  const Undecided s;
  Comparison c = compare_results(s.base, s.cur);
  ASSERT_TRUE(undecided_slowdown(*c.find("slow"), c.settings));
  FakeRounds rounds{s.base, 1.0e-3, {}, {}, {}};
  measure_until_decided(c, {"slow"}, std::ref(rounds), SequentialPlan{});
  const BenchmarkComparison& slow = *c.find("slow");
  EXPECT_EQ(slow.verdict, Verdict::no_change) << slow.reason;
  EXPECT_EQ(slow.confirmation, Confirmation::not_needed);
  EXPECT_NE(slow.reason.find("re-measured"), std::string::npos) << slow.reason;
}

// A look that never decides: the same run judged again every round.
Comparison same_again(const Undecided& s, const std::vector<std::string>& names, const GateSettings& settings) {
  return compare_results(cases_named(s.base, names), cases_named(s.cur, names), settings);
}

TEST(SequentialRemeasure, TheRepetitionBudgetEndsTheRounds) {
  const Undecided s;
  Comparison c = compare_results(s.base, s.cur);
  ASSERT_TRUE(undecided_slowdown(*c.find("slow"), c.settings));
  std::vector<std::size_t> asked;
  const auto look = [&](const std::vector<std::string>& names, std::size_t reps, const GateSettings& settings) {
    asked.push_back(reps);
    return same_again(s, names, settings);
  };
  SequentialPlan plan;
  plan.budget.round_repetitions = 20;
  plan.budget.max_repetitions = 50;
  const SequentialOutcome outcome = measure_until_decided(c, {"slow"}, look, plan);
  EXPECT_EQ(asked, (std::vector<std::size_t>{20, 20, 10}));
  EXPECT_TRUE(outcome.stopped_by_repetitions);
  EXPECT_FALSE(outcome.stopped_by_time);
  EXPECT_EQ(outcome.repetitions, 50u);
  EXPECT_EQ(outcome.decided, 0u);
  const BenchmarkComparison& slow = *c.find("slow");
  EXPECT_EQ(slow.verdict, Verdict::inconclusive);
  EXPECT_NE(slow.reason.find("budget ran out"), std::string::npos) << slow.reason;
  const std::string note = sequential_note(outcome, plan);
  EXPECT_NE(note.find("3 round(s)"), std::string::npos) << note;
  EXPECT_NE(note.find("stopped by the repetition budget"), std::string::npos) << note;
}

TEST(SequentialRemeasure, TheWallTimeBudgetStartsNoRoundItCannotFinish) {
  const Undecided s;
  Comparison c = compare_results(s.base, s.cur);
  double now = 0.0;
  const auto look = [&](const std::vector<std::string>& names, std::size_t, const GateSettings& settings) {
    now += 100.0;  // each round takes 100 s
    return same_again(s, names, settings);
  };
  SequentialPlan plan;
  plan.seconds_now = [&now] { return now; };
  plan.budget.max_seconds = 250.0;  // a second round ends at 200 s, a third would at 300 s
  const SequentialOutcome outcome = measure_until_decided(c, {"slow"}, look, plan);
  EXPECT_EQ(outcome.rounds, 2u);
  EXPECT_TRUE(outcome.stopped_by_time);
  EXPECT_DOUBLE_EQ(outcome.seconds, 200.0);
  plan.budget.max_seconds = 0.0;  // the first round (the confirmation) runs whatever the budget
  Comparison again = compare_results(s.base, s.cur);
  EXPECT_EQ(measure_until_decided(again, {"slow"}, look, plan).rounds, 1u);
}

TEST(SequentialRemeasure, PooledLooksReplaceTheCaseAndStartAtTheGivenLook) {
  const Undecided s;
  GateSettings first;
  first.fdr_q = look_level(0.01, 1);
  Comparison c = compare_results(s.base, s.cur, first);
  ASSERT_TRUE(undecided_slowdown(*c.find("slow"), c.settings));
  std::vector<double> pooled = s.cur.find("slow")->samples;
  std::vector<GateSettings> looks;
  std::uint64_t seed = 200;
  const auto look = [&](const std::vector<std::string>& names, std::size_t reps, const GateSettings& settings) {
    looks.push_back(settings);
    const std::vector<double> more = lognormal_samples(1.15e-3, 0.10, reps, seed++);
    pooled.insert(pooled.end(), more.begin(), more.end());
    return compare_results(cases_named(s.base, names), results("s", {benchmark("slow", pooled)}), settings);
  };
  SequentialPlan plan;
  plan.data = LookData::pooled_with_run;
  plan.first_look = 2;
  plan.family_size = 2;  // both cases the first look judged
  measure_until_decided(c, {"slow"}, look, plan);
  ASSERT_FALSE(looks.empty());
  EXPECT_DOUBLE_EQ(looks.front().fdr_q, look_level(0.01, 2));
  EXPECT_EQ(looks.front().fdr_family_size, 2u);
  const BenchmarkComparison& slow = *c.find("slow");
  EXPECT_EQ(slow.verdict, Verdict::regression) << slow.reason;
  EXPECT_EQ(slow.current->n, pooled.size()) << "the run's samples and every round's";
  EXPECT_FALSE(slow.recheck.has_value());
  EXPECT_EQ(slow.reason.rfind("after ", 0), 0u) << slow.reason;
}

TEST(SequentialRemeasure, ARoundThatFailsLeavesTheCaseAsItStood) {
  const Undecided s;
  Comparison c = compare_results(s.base, s.cur);
  const std::string before = c.find("slow")->reason;
  const auto look = [&](const std::vector<std::string>&, std::size_t, const GateSettings& settings) {
    return compare_results(cases_named(s.base, {"slow"}), results("s", {testing::failed_benchmark("slow", "crashed")}),
                           settings);
  };
  const SequentialOutcome outcome = measure_until_decided(c, {"slow"}, look, SequentialPlan{});
  EXPECT_EQ(outcome.rounds, 1u);
  const BenchmarkComparison& slow = *c.find("slow");
  EXPECT_EQ(slow.verdict, Verdict::inconclusive);
  EXPECT_EQ(slow.reason.rfind(before, 0), 0u) << slow.reason;
  EXPECT_NE(slow.reason.find("another round failed"), std::string::npos) << slow.reason;
}

}  // namespace
}  // namespace perfgate
