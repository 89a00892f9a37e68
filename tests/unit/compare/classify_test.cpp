#include "perfgate/compare/classify.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

SampleSummary side(std::size_t n = 10, double median = 1.0, double cv = 0.01) { return {n, median, cv, 0}; }

Evidence evidence(double ratio, double q, double low, double high) {
  Evidence e;
  e.ratio = ratio;
  e.q_value = q;
  e.p_value = q;
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
  EXPECT_EQ(classify(side(), side(10, 1.2), evidence(1.2, 0.01, 0.98, 1.4), 5.0, kDefaults).verdict,
            Verdict::inconclusive);
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

TEST(PracticalThreshold, BaselineRunToRunSpreadRaisesIt) {
  SampleSummary pooled = side(40, 1, 0.01);
  pooled.rounds = 4;
  pooled.run_to_run_pct = 48.0;  // the machine moved this much between runs of the same code
  EXPECT_DOUBLE_EQ(practical_threshold_pct(5.0, kDefaults, pooled, side(10, 1, 0.01)), 48.0);
  EXPECT_EQ(classify(pooled, side(10, 1.45), evidence(1.45, 1e-6, 1.4, 1.5), 48.0, kDefaults).verdict,
            Verdict::no_change);
}

TEST(PracticalThreshold, IsTheLargerOfFloorAndTwoAndAHalfRobustCvs) {
  EXPECT_DOUBLE_EQ(kDefaults.noise_multiplier, 2.5);  // tuned by the study in docs/measurements.md
  EXPECT_DOUBLE_EQ(practical_threshold_pct(5.0, kDefaults, side(10, 1, 0.01), side(10, 1, 0.01)), 5.0);
  EXPECT_DOUBLE_EQ(practical_threshold_pct(5.0, kDefaults, side(10, 1, 0.01), side(10, 1, 0.04)), 10.0);
  EXPECT_DOUBLE_EQ(practical_threshold_pct(20.0, kDefaults, side(10, 1, 0.04), side(10, 1, 0.01)), 20.0);
}

}  // namespace
}  // namespace perfgate
