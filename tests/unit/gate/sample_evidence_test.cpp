// The gate's statistics of two sample sets: the between-run term that a
// pooled baseline adds to the ratio's interval (docs/design.md, "Evidence").
#include "perfgate/gate/sample_evidence.hpp"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "perfgate/stats/ratio_interval.hpp"

namespace perfgate {
namespace {

const std::vector<double> kBase = {1.00, 1.01, 0.99, 1.02, 0.98, 1.00, 1.01, 0.99, 1.00, 1.02};
const std::vector<double> kCur = {1.10, 1.11, 1.09, 1.12, 1.08, 1.10, 1.11, 1.09, 1.10, 1.12};

TEST(BetweenRunSd, IsTheStandardDeviationOfTheLogRoundMedians) {
  const std::vector<double> medians = {1.0, 1.1, 1.2};
  const double mean = (std::log(1.0) + std::log(1.1) + std::log(1.2)) / 3.0;
  const double sd = std::sqrt((std::pow(std::log(1.0) - mean, 2) + std::pow(std::log(1.1) - mean, 2) +
                               std::pow(std::log(1.2) - mean, 2)) / 2.0);
  EXPECT_NEAR(between_run_sd(medians), sd, 1e-15);
  EXPECT_DOUBLE_EQ(between_run_sd(std::vector<double>{1.0}), 0.0);       // one run: nothing to estimate
  EXPECT_DOUBLE_EQ(between_run_sd(std::vector<double>{1.0, 0.0}), 0.0);  // no log of 0
}

TEST(GatherEvidence, OneRunBaselineWithoutTheFloorKeepsTheRankInterval) {
  const SampleSummary b = summarize_samples(kBase), c = summarize_samples(kCur);
  GateSettings settings;
  settings.min_run_spread_pct = 0.0;  // as perfgate ab asks: both sides ran alternately
  const Evidence e = gather_evidence(kBase, b, kCur, c, settings);
  const stats::RatioInterval plain = stats::ratio_interval(kBase, kCur, settings.confidence);
  EXPECT_DOUBLE_EQ(e.between_run_term, 0.0);
  EXPECT_DOUBLE_EQ(e.ci_low, plain.low);
  EXPECT_DOUBLE_EQ(e.ci_high, plain.high);
}

// A run shifts all its samples even when the baseline cannot show it (one
// round, or rounds recorded back to back): the floor stands in for it.
TEST(GatherEvidence, TheRunSpreadFloorWidensAOneRunBaseline) {
  const SampleSummary b = summarize_samples(kBase), c = summarize_samples(kCur);
  const GateSettings settings;  // min_run_spread_pct = 1
  const Evidence e = gather_evidence(kBase, b, kCur, c, settings);
  EXPECT_NEAR(e.between_run_term, 2.5758293035489 * 0.01 * std::sqrt(2.0), 1e-9);
  const stats::RatioInterval plain = stats::ratio_interval(kBase, kCur, settings.confidence);
  EXPECT_LT(e.ci_low, plain.low);
  EXPECT_GT(e.ci_high, plain.high);
  SampleSummary pooled = b;
  pooled.rounds = 2;
  pooled.between_run_sd = 0.004;  // less than the floor: the floor counts
  EXPECT_NEAR(gather_evidence(kBase, pooled, kCur, c, settings).between_run_term,
              2.5758293035489 * 0.01 * std::sqrt(1.5), 1e-9);
}

TEST(GatherEvidence, PooledBaselineWidensTheIntervalByTheBetweenRunTerm) {
  SampleSummary b = summarize_samples(kBase);
  b.rounds = 4;
  b.between_run_sd = 0.02;
  const SampleSummary c = summarize_samples(kCur);
  const GateSettings settings;
  const Evidence e = gather_evidence(kBase, b, kCur, c, settings);
  // w = z(0.995) x 0.02 x sqrt(1/4 + 1/1); each end moves to sqrt(d^2 + w^2) from the estimate.
  const double w = 2.5758293035489 * 0.02 * std::sqrt(1.25);
  EXPECT_NEAR(e.between_run_term, w, 1e-9);
  const stats::RatioInterval plain = stats::ratio_interval(kBase, kCur, settings.confidence);
  const double centre = std::log(plain.estimate);
  const double term = e.between_run_term;  // z from normal_quantile (relative error < 1.2e-9)
  EXPECT_NEAR(std::log(e.ci_low), centre - std::hypot(centre - std::log(plain.low), term), 1e-12);
  EXPECT_NEAR(std::log(e.ci_high), centre + std::hypot(std::log(plain.high) - centre, term), 1e-12);
  EXPECT_LT(e.ci_low, plain.low);
  EXPECT_GT(e.ci_high, plain.high);
}

TEST(GatherEvidence, APooledCurrentSharesTheRunEffect) {
  SampleSummary b = summarize_samples(kBase), c = summarize_samples(kCur);
  b.rounds = 5;
  b.between_run_sd = 0.02;
  c.rounds = 5;  // both sides pooled from 5 runs
  const Evidence e = gather_evidence(kBase, b, kCur, c, GateSettings{});
  EXPECT_NEAR(e.between_run_term, 2.5758293035489 * 0.02 * std::sqrt(0.4), 1e-9);
}

// Each direction is its own Benjamini-Hochberg family over every tested
// case (issue 30), and reports show the measured direction's p and q.
TEST(GatherEvidence, SlowerAndFasterAreSeparateFamilies) {
  const std::vector<double> base = {1.0, 1.01, 1.02, 1.03, 1.04, 1.05, 1.06, 1.07, 1.08, 1.09};
  std::vector<double> slow, fast;
  for (double b : base) slow.push_back(b * 1.5), fast.push_back(b / 1.5);
  const GateSettings settings;
  Evidence a = gather_evidence(base, summarize_samples(base), slow, summarize_samples(slow), settings);
  Evidence b = gather_evidence(base, summarize_samples(base), fast, summarize_samples(fast), settings);
  Evidence c = gather_evidence(base, summarize_samples(base), base, summarize_samples(base), settings);
  EXPECT_NEAR(a.p_slower, 1.0 / 184756.0, 1e-15) << "complete separation, one-sided";
  EXPECT_NEAR(b.p_faster, 1.0 / 184756.0, 1e-15);
  EXPECT_EQ(a.p_value, a.p_slower) << "shown: the measured direction";
  EXPECT_EQ(b.p_value, b.p_faster);
  assign_q_values({&a, &b, &c});
  // Slower family {1/184756, ~1, ~0.5}: the smallest p times 3 / 1.
  EXPECT_NEAR(a.q_slower, 3.0 / 184756.0, 1e-15);
  EXPECT_NEAR(b.q_faster, 3.0 / 184756.0, 1e-15);
  EXPECT_EQ(a.q_value, a.q_slower);
  EXPECT_EQ(b.q_value, b.q_faster);
  EXPECT_GT(a.q_faster, 0.5);
  EXPECT_GT(b.q_slower, 0.5);
}

TEST(WithinRoundVariance, IsThePooledVarianceOfLogSamplesAboutTheirRoundsMean) {
  const std::vector<double> samples = {1.0, 1.2, 2.0, 2.4};
  const std::vector<std::size_t> rounds = {2, 2};
  const double d = std::log(1.2) - std::log(1.0);  // each round: two logs d apart, the same d
  EXPECT_NEAR(within_round_variance(samples, rounds), (d * d / 2.0) * 2.0 / 2.0, 1e-15);  // (2 * (d/2)^2) a round, N - K = 2
  EXPECT_DOUBLE_EQ(within_round_variance(samples, std::vector<std::size_t>{4}), 0.0);   // one round
  EXPECT_DOUBLE_EQ(within_round_variance(std::vector<double>{1.0, 0.0}, std::vector<std::size_t>{1, 1}), 0.0);
}

// Issue 40: short alternating rounds whose medians differ only by their
// repetitions' own noise (2 a round, every round alike): the round effect
// is nothing, so the interval is the samples' own, not widened by that
// noise counted a second time through the round medians.
TEST(GatherEvidence, TwoPooledSidesCountTheRepetitionsNoiseOnce) {
  std::vector<double> base, cur;
  std::vector<std::size_t> rounds;
  for (int k = 0; k < 10; ++k) {
    const double spread = k % 2 ? 1.06 : 1.0;  // which repetition of the round is the slow one alternates
    base.insert(base.end(), {1.0 * spread, 1.03 / spread});
    cur.insert(cur.end(), {1.0 * spread, 1.03 / spread});
    rounds.push_back(2);
  }
  const auto summary = [&](const std::vector<double>& samples) {
    SampleSummary s = summarize_samples(samples);
    std::vector<double> medians;
    for (std::size_t k = 0; k < rounds.size(); ++k) medians.push_back((samples[2 * k] + samples[2 * k + 1]) / 2.0);
    s.rounds = rounds.size();
    s.between_run_sd = between_run_sd(medians);
    s.within_round_var = within_round_variance(samples, rounds);
    s.round_size = 2.0;
    return s;
  };
  GateSettings settings;
  settings.min_run_spread_pct = 0.0;
  const SampleSummary b = summary(base), c = summary(cur);
  ASSERT_GT(b.between_run_sd, 0.0) << "the round medians do differ, by the repetitions' noise";
  const Evidence e = gather_evidence(base, b, cur, c, settings);
  EXPECT_DOUBLE_EQ(e.run_spread.sd, 0.0) << "no round effect beyond the repetitions' own noise";
  const stats::RatioInterval plain = stats::ratio_interval(base, cur, settings.confidence);
  EXPECT_DOUBLE_EQ(e.ci_low, plain.low);
  EXPECT_DOUBLE_EQ(e.ci_high, plain.high);
  // A real round effect stays: every other round of the current side 10% slower.
  std::vector<double> shifted = cur;
  for (std::size_t k = 1; k < rounds.size(); k += 2) shifted[2 * k] *= 1.1, shifted[2 * k + 1] *= 1.1;
  const SampleSummary s = summary(shifted);
  const Evidence moved = gather_evidence(base, b, shifted, s, settings);
  EXPECT_EQ(moved.run_spread.source, RunSpreadSource::rounds);
  EXPECT_GT(moved.run_spread.sd, 0.03);  // sd of log 1.1 alternating: 0.050, less the repetitions' share
  // One pooled side against one run keeps the whole spread (a stored baseline).
  SampleSummary one_run = summarize_samples(cur);
  const Evidence stored = gather_evidence(base, b, cur, one_run, settings);
  EXPECT_DOUBLE_EQ(stored.run_spread.sd, b.between_run_sd);
}

TEST(NormalQuantile, KnownValues) {
  EXPECT_NEAR(stats::normal_quantile(0.975), 1.959963984540054, 1e-8);
  EXPECT_NEAR(stats::normal_quantile(0.995), 2.5758293035489004, 1e-8);
  EXPECT_NEAR(stats::normal_quantile(0.5), 0.0, 1e-12);
}

}  // namespace
}  // namespace perfgate
