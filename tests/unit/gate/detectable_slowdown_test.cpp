// Issue 40 item 6: the gate says what it could see.
#include "perfgate/gate/detectable_slowdown.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "results_builder.hpp"

namespace perfgate {
namespace {

Evidence interval(double low, double high) {
  Evidence e;
  e.ratio = std::sqrt(low * high);
  e.interval_available = true;
  e.ci_low = low;
  e.ci_high = high;
  return e;
}

TEST(DetectableSlowdown, ANarrowIntervalSeesBelowItsThreshold) {
  // w = 1%: a slowdown whose interval reaches 5% fails at (1.05 e^-w - 1) = 3.95%.
  const double w = 0.01;
  const auto pct = detectable_slowdown_pct(interval(std::exp(-w), std::exp(w)), 5.0);
  ASSERT_TRUE(pct);
  EXPECT_NEAR(*pct, (1.05 * std::exp(-w) - 1) * 100, 1e-9);
  EXPECT_LT(*pct, 5.0);
}

TEST(DetectableSlowdown, AWideIntervalCannotSeeItsThreshold) {
  // Half-width 15% on the log scale: only a ratio above e^0.15 has its whole interval above 1.
  const double w = 0.15;
  const auto pct = detectable_slowdown_pct(interval(std::exp(-w), std::exp(w)), 5.0);
  ASSERT_TRUE(pct);
  EXPECT_NEAR(*pct, (std::exp(w) - 1) * 100, 1e-9);
  EXPECT_GT(*pct, 16.0);
  Evidence none;
  EXPECT_FALSE(detectable_slowdown_pct(none, 5.0)) << "no interval: nothing to say";
}

// Measured cases: a quiet suite sees its threshold, a suite whose samples
// spread by 20% cannot, and its headline warning says so with the remedy.
TEST(DetectableSlowdown, TheSuiteSaysWhatItCouldNotSee) {
  using testing::benchmark;
  using testing::lognormal_samples;
  const auto run = [](double cv, std::uint64_t seed) {
    std::vector<BenchmarkResult> cases;
    for (int i = 0; i < 5; ++i)
      cases.push_back(benchmark("case" + std::to_string(i), lognormal_samples(1e-3, cv, 10, seed + static_cast<std::uint64_t>(i))));
    return testing::results("s", cases);
  };
  Comparison quiet = compare_results(run(0.002, 1), run(0.002, 100));
  set_detectable_slowdowns(quiet);
  const GateSight quiet_sight = gate_sight(quiet);
  EXPECT_EQ(quiet_sight.cases, 5u);
  EXPECT_EQ(quiet_sight.blind, 0u);
  EXPECT_FALSE(sight_warning(quiet));
  for (const BenchmarkComparison& b : quiet.benchmarks) ASSERT_TRUE(b.detectable_pct) << b.name;

  Comparison noisy = compare_results(run(0.2, 1), run(0.2, 100));
  set_detectable_slowdowns(noisy);
  const GateSight sight = gate_sight(noisy);
  EXPECT_EQ(sight.blind, 5u);
  EXPECT_GT(sight.median_pct, 5.0);
  const auto warning = sight_warning(noisy);
  ASSERT_TRUE(warning);
  EXPECT_EQ(warning->rfind("could not see changes below ", 0), 0u) << *warning;
  EXPECT_NE(warning->find("--against baseline"), std::string::npos) << *warning << ": the remedy for a stored baseline";
  noisy.reference.kind = ReferenceKind::build;
  EXPECT_NE(sight_warning(noisy)->find("more alternating rounds"), std::string::npos) << "the remedy for a reference build";
}

}  // namespace
}  // namespace perfgate
