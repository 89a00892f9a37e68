#include "perfgate/gate/classify.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

SampleSummary side(std::size_t n = 10, double median = 1.0, double cv = 0.01) { return {n, median, cv, 0}; }

// Evidence whose one-sided family in the measured direction has q (the
// other direction's p and q are 1).
Evidence evidence(double ratio, double q, double low, double high) {
  Evidence e;
  e.ratio = ratio;
  (ratio >= 1.0 ? e.p_slower : e.p_faster) = q;
  (ratio >= 1.0 ? e.q_slower : e.q_faster) = q;
  show_change_direction(e);
  e.interval_available = true;
  e.ci_low = low;
  e.ci_high = high;
  return e;
}

const GateSettings kDefaults;

TEST(Classify, Regression) {
  const auto k = classify(side(), side(10, 1.2), evidence(1.2, 0.001, 1.15, 1.25), 5.0, kDefaults);
  EXPECT_EQ(k.verdict, Verdict::regression);
  EXPECT_NE(k.reason.find("20.00% slower"), std::string::npos) << k.reason;
}

// A REGRESSION is decided in the slower family alone, an IMPROVEMENT in the
// faster one (issue 30): a small q in the other direction decides nothing.
TEST(Classify, EachDirectionIsDecidedByItsOwnFamily) {
  Evidence e = evidence(1.2, 0.5, 1.15, 1.25);
  e.q_faster = 0.001;
  EXPECT_EQ(classify(side(), side(10, 1.2), e, 5.0, kDefaults).verdict, Verdict::inconclusive);
  e.q_slower = 0.009;  // below the default q = 0.01
  EXPECT_EQ(classify(side(), side(10, 1.2), e, 5.0, kDefaults).verdict, Verdict::regression);
  Evidence f = evidence(0.8, 0.5, 0.75, 0.85);
  f.q_slower = 0.001;
  EXPECT_EQ(classify(side(), side(10, 0.8), f, 5.0, kDefaults).verdict, Verdict::inconclusive);
  f.q_faster = 0.009;
  EXPECT_EQ(classify(side(), side(10, 0.8), f, 5.0, kDefaults).verdict, Verdict::improvement);
}

TEST(Classify, Improvement) {
  EXPECT_EQ(classify(side(), side(10, 0.8), evidence(0.8, 0.001, 0.75, 0.85), 5.0, kDefaults).verdict,
            Verdict::improvement);
}

TEST(Classify, NoChangeWithinThresholdEvenWhenSignificant) {
  // A real 3% change is below the 5% practical threshold: not worth failing for.
  EXPECT_EQ(classify(side(), side(10, 1.03), evidence(1.03, 1e-6, 1.02, 1.04), 5.0, kDefaults).verdict,
            Verdict::no_change);
}

TEST(Classify, InconclusiveWithoutSignificance) {
  const auto k = classify(side(), side(10, 1.2), evidence(1.2, 0.2, 1.05, 1.3), 5.0, kDefaults);
  EXPECT_EQ(k.verdict, Verdict::inconclusive);
  EXPECT_NE(k.reason.find("q = 0.2"), std::string::npos) << k.reason;
}

TEST(Classify, InconclusiveWhenTheIntervalIncludesOne) {
  const auto k = classify(side(), side(10, 1.2), evidence(1.2, 0.001, 0.98, 1.4), 5.0, kDefaults);
  EXPECT_EQ(k.verdict, Verdict::inconclusive);
  EXPECT_NE(k.reason.find("the interval includes 1"), std::string::npos) << k.reason;
}

TEST(Classify, InconclusiveWithTooFewSamples) {
  const auto k = classify(side(4), side(10, 2.0), evidence(2.0, 1e-6, 1.9, 2.1), 5.0, kDefaults);
  EXPECT_EQ(k.verdict, Verdict::inconclusive);
  EXPECT_NE(k.reason.find("too few"), std::string::npos);
}

TEST(Classify, ImprovementNeedsTheIntervalBelowOne) {
  EXPECT_EQ(classify(side(), side(10, 0.8), evidence(0.8, 0.001, 0.7, 1.01), 5.0, kDefaults).verdict,
            Verdict::inconclusive);
}

// The new rule (issue 14): the threshold applies to the interval, not to the
// point estimate.
TEST(Classify, RegressionWhenTheIntervalReachesTheThresholdThoughThePointEstimateDoesNot) {
  const auto k = classify(side(), side(10, 1.04), evidence(1.04, 1e-4, 1.02, 1.06), 5.0, kDefaults);
  EXPECT_EQ(k.verdict, Verdict::regression);
  EXPECT_EQ(k.reason, "4.00% slower (interval +2.00% to +6.00% reaches the 5.00% threshold), q = 0.0001");
}

TEST(Classify, SignificantButWithinTheThresholdSaysHowLargeItCanBe) {
  const auto k = classify(side(), side(10, 1.03), evidence(1.03, 1e-6, 1.02, 1.04), 5.0, kDefaults);
  EXPECT_EQ(k.verdict, Verdict::no_change);
  EXPECT_EQ(k.reason, "significant but at most 4.00% slower, within the 5.00% threshold (q = 1e-06)");
}

TEST(Classify, ImprovementIsTheMirrorImageWithOneOverOnePlusT) {
  // 1 / 0.95 - 1 = 5.26% faster is beyond 5%; 1 / 0.955 - 1 = 4.71% is not.
  EXPECT_EQ(classify(side(), side(10, 0.97), evidence(0.97, 1e-4, 0.95, 0.99), 5.0, kDefaults).verdict,
            Verdict::improvement);
  const auto k = classify(side(), side(10, 0.97), evidence(0.97, 1e-4, 0.955, 0.99), 5.0, kDefaults);
  EXPECT_EQ(k.verdict, Verdict::no_change);
  EXPECT_EQ(k.reason, "significant but at most 4.71% faster, within the 5.00% threshold (q = 0.0001)");
}

TEST(Classify, NotEstablishedAndWithinTheThresholdIsNoChange) {
  const auto k = classify(side(), side(10, 1.04), evidence(1.04, 0.3, 0.97, 1.11), 5.0, kDefaults);
  EXPECT_EQ(k.verdict, Verdict::no_change);
  EXPECT_EQ(k.reason, "+4.00% is within the 5.00% threshold");
}

TEST(Classify, SignificanceIsJudgedAtTheDefaultFdrOfOnePercent) {
  EXPECT_DOUBLE_EQ(kDefaults.fdr_q, 0.01);
  EXPECT_DOUBLE_EQ(kDefaults.confidence, 0.99);
  EXPECT_EQ(classify(side(), side(10, 1.2), evidence(1.2, 0.02, 1.1, 1.3), 5.0, kDefaults).verdict,
            Verdict::inconclusive);
  EXPECT_EQ(classify(side(), side(10, 1.2), evidence(1.2, 0.009, 1.1, 1.3), 5.0, kDefaults).verdict,
            Verdict::regression);
}

TEST(PracticalThreshold, BaselineRunToRunSpreadNoLongerRaisesIt) {
  SampleSummary pooled = side(40, 1, 0.01);
  pooled.rounds = 4;
  pooled.run_to_run_pct = 48.0;  // the machine moved this much between runs of the same code
  // It widens the interval instead (gather_evidence; sample_evidence_test.cpp).
  EXPECT_DOUBLE_EQ(practical_threshold_pct(5.0, kDefaults, pooled, side(10, 1, 0.01)), 5.0);
  // A widened interval that includes 1 leaves a 45% change unestablished.
  EXPECT_EQ(classify(pooled, side(10, 1.45), evidence(1.45, 1e-6, 0.9, 2.3), 5.0, kDefaults).verdict,
            Verdict::inconclusive);
}

TEST(PracticalThreshold, IsTheFloorUnlessANoiseMultiplierIsAsked) {
  EXPECT_DOUBLE_EQ(kDefaults.noise_multiplier, 0.0);  // off: docs/measurements.md
  EXPECT_DOUBLE_EQ(practical_threshold_pct(5.0, kDefaults, side(10, 1, 0.01), side(10, 1, 0.01)), 5.0);
  EXPECT_DOUBLE_EQ(practical_threshold_pct(5.0, kDefaults, side(10, 1, 0.01), side(10, 1, 0.04)), 5.0);
  GateSettings scaled;
  scaled.noise_multiplier = 2.5;
  EXPECT_DOUBLE_EQ(practical_threshold_pct(5.0, scaled, side(10, 1, 0.01), side(10, 1, 0.01)), 5.0);
  EXPECT_DOUBLE_EQ(practical_threshold_pct(5.0, scaled, side(10, 1, 0.01), side(10, 1, 0.04)), 10.0);
  EXPECT_DOUBLE_EQ(practical_threshold_pct(20.0, scaled, side(10, 1, 0.04), side(10, 1, 0.01)), 20.0);
}

}  // namespace
}  // namespace perfgate
