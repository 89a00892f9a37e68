#include "perfgate/stats/change_point.hpp"

#include <cmath>
#include <cstdio>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "perfgate/stats/bump_scan.hpp"
#include "perfgate/stats/ramp_fit.hpp"

namespace perfgate::stats {
namespace {

// Gaussian noise from Box-Muller over mt19937_64, whose output the standard
// fixes: std::normal_distribution differs between standard libraries, and
// these series must be the same everywhere.
class Noise {
 public:
  explicit Noise(std::uint64_t seed) : engine_(seed) {}

  double gaussian(double sigma) {
    const double u1 = (static_cast<double>(engine_() >> 11) + 0.5) * 0x1.0p-53;
    const double u2 = static_cast<double>(engine_() >> 11) * 0x1.0p-53;
    return sigma * std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
  }

 private:
  std::mt19937_64 engine_;
};

// `length` points of gaussian noise (sigma) around level 0.
std::vector<double> noisy_flat(std::size_t length, double sigma, std::uint64_t seed) {
  Noise noise(seed);
  std::vector<double> series(length);
  for (double& value : series) value = noise.gaussian(sigma);
  return series;
}

void add_step(std::vector<double>& series, std::size_t from, double size) {
  for (std::size_t i = from; i < series.size(); ++i) series[i] += size;
}

double mean_between(const std::vector<double>& series, std::size_t begin, std::size_t end) {
  return std::accumulate(series.begin() + static_cast<std::ptrdiff_t>(begin),
                         series.begin() + static_cast<std::ptrdiff_t>(end), 0.0) /
         static_cast<double>(end - begin);
}

TEST(ChangePoint, FindsACleanStepAtItsIndex) {
  for (const std::size_t at : {5u, 17u, 30u, 52u}) {
    std::vector<double> series = noisy_flat(60, 0.01, 11 + at);
    add_step(series, at, 0.06);  // 6 sigma: log(1.062), a 6% slowdown at 1% noise
    const std::vector<ChangePoint> points = find_change_points(series);
    ASSERT_EQ(points.size(), 1u) << "step at " << at;
    EXPECT_EQ(points[0].index, at);
  }
}

TEST(ChangePoint, FindsTwoSteps) {
  std::vector<double> series = noisy_flat(60, 0.01, 7);
  add_step(series, 20, 0.08);   // a slowdown
  add_step(series, 41, -0.05);  // a partial fix
  const std::vector<ChangePoint> points = find_change_points(series);
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(points[0].index, 20u);
  EXPECT_EQ(points[1].index, 41u);
  EXPECT_GT(points[0].mean_after, points[0].mean_before);
  EXPECT_LT(points[1].mean_after, points[1].mean_before);
}

TEST(ChangePoint, FlatNoisySeriesHaveNone) {
  // At the default threshold about 1 unchanged series in 100 or fewer has a
  // false change (docs/measurements.md); these seeds are ordinary ones.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    EXPECT_TRUE(find_change_points(noisy_flat(30, 0.02, seed)).empty()) << "seed " << seed;
    EXPECT_TRUE(find_change_points(noisy_flat(60, 0.02, seed)).empty()) << "seed " << seed;
  }
}

TEST(ChangePoint, ConstantSeriesHasNoneAndAnExactStepIsCertain) {
  EXPECT_TRUE(find_change_points(std::vector<double>(40, -7.5)).empty());
  std::vector<double> series(40, -7.5);
  add_step(series, 25, 0.1);
  const std::vector<ChangePoint> points = find_change_points(series);
  ASSERT_EQ(points.size(), 1u);
  EXPECT_EQ(points[0].index, 25u);
  EXPECT_LT(points[0].p_value, 1e-100);  // rounding leaves the sides a tiny variance
}

TEST(ChangePoint, SingleOutlierIsNotAChange) {
  for (const std::size_t at : {0u, 1u, 10u, 15u, 29u, 45u, 59u}) {
    std::vector<double> series = noisy_flat(60, 0.01, 3);
    series[at] += 0.2;  // one run 20 sigma slow: a disturbed machine, not a commit
    EXPECT_TRUE(find_change_points(series).empty()) << "outlier at " << at;
  }
}

// Among the newest min_segment runs an outlier can still pass for a step
// (docs/measurements.md): here its neighbours happen to be slow too (+0.8
// and +1.1 sigma).  Later runs settle it.
TEST(ChangePoint, OutlierAmongTheNewestRunsFadesWithLaterRuns) {
  std::vector<double> series = noisy_flat(60, 0.01, 16);
  series[58] += 0.2;
  const std::vector<ChangePoint> now = find_change_points(series);
  ASSERT_EQ(now.size(), 1u);
  EXPECT_EQ(now[0].index, 57u);
  const std::vector<double> later_runs = noisy_flat(10, 0.01, 1016);
  series.insert(series.end(), later_runs.begin(), later_runs.end());
  EXPECT_TRUE(find_change_points(series).empty());
}

// A slow drift is not a step: one of 1 sigma over the whole history is left
// alone, while a strong one (12 sigma over 60 runs) is cut into steps inside
// the ramp, each in the drift's direction.  Triage sees a ramp as changes.
TEST(ChangePoint, SlowDriftIsIgnoredUntilItIsLarge) {
  std::vector<double> weak = noisy_flat(60, 0.01, 5);
  std::vector<double> strong = weak;
  for (std::size_t i = 0; i < weak.size(); ++i) {
    weak[i] += 0.01 * static_cast<double>(i) / 59.0;
    strong[i] += 0.12 * static_cast<double>(i) / 59.0;
  }
  EXPECT_TRUE(find_change_points(weak).empty());
  const std::vector<ChangePoint> points = find_change_points(strong);
  ASSERT_FALSE(points.empty());
  for (const ChangePoint& point : points) {
    EXPECT_GT(point.mean_after, point.mean_before);
    EXPECT_GE(point.index, 3u);
    EXPECT_LE(point.index, 57u);
  }
}

TEST(ChangePoint, ShortSeriesHaveNone) {
  EXPECT_TRUE(find_change_points(std::vector<double>{}).empty());
  EXPECT_TRUE(find_change_points(std::vector<double>{1.0, 2.0, 3.0, 10.0, 11.0}).empty());
  // Exactly two minimal segments: a large step is still found (the rank
  // guard cannot reach 0.01 with 3 runs a side and stands aside).
  const std::vector<double> six{1.00, 1.01, 0.99, 2.00, 2.01, 1.99};
  const std::vector<ChangePoint> points = find_change_points(six);
  ASSERT_EQ(points.size(), 1u);
  EXPECT_EQ(points[0].index, 3u);
  ChangePointSettings longer;
  longer.min_segment = 4;
  EXPECT_TRUE(find_change_points(six, longer).empty());
}

TEST(ChangePoint, StepTooNearTheEndIsNotPlacedThere) {
  std::vector<double> series = noisy_flat(40, 0.01, 9);
  add_step(series, 38, 0.1);  // two points after it, min_segment is 3
  for (const ChangePoint& point : find_change_points(series)) {
    EXPECT_GE(point.index, 3u);
    EXPECT_LE(point.index, 37u);
  }
  // The same 10-sigma step with min_segment points after it is found there:
  // the check above is about where a step may be placed, not a detector
  // that finds nothing.
  std::vector<double> placeable = noisy_flat(40, 0.01, 9);
  add_step(placeable, 37, 0.1);
  const std::vector<ChangePoint> found = find_change_points(placeable);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].index, 37u);
}

TEST(ChangePoint, InvalidInputThrows) {
  std::vector<double> series = noisy_flat(20, 0.01, 1);
  series[7] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(find_change_points(series), std::invalid_argument);
  series[7] = std::numeric_limits<double>::infinity();
  EXPECT_THROW(find_change_points(series), std::invalid_argument);
  const std::vector<double> clean = noisy_flat(20, 0.01, 1);
  ChangePointSettings one_point;
  one_point.min_segment = 1;
  EXPECT_THROW(find_change_points(clean, one_point), std::invalid_argument);
  ChangePointSettings no_threshold;
  no_threshold.max_p_value = 0.0;
  EXPECT_THROW(find_change_points(clean, no_threshold), std::invalid_argument);
}

TEST(ChangePoint, PValueAndMeansDescribeTheAdjoiningSegments) {
  std::vector<double> series = noisy_flat(45, 0.02, 21);
  for (double& value : series) value += std::log(2.5e-4);  // log seconds, far from 0
  add_step(series, 15, 0.1);
  add_step(series, 30, 0.1);
  const std::vector<ChangePoint> points = find_change_points(series);
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(points[0].index, 15u);
  EXPECT_EQ(points[1].index, 30u);
  EXPECT_NEAR(points[0].mean_before, mean_between(series, 0, 15), 1e-12);
  EXPECT_NEAR(points[0].mean_after, mean_between(series, 15, 30), 1e-12);
  EXPECT_NEAR(points[1].mean_before, mean_between(series, 15, 30), 1e-12);
  EXPECT_NEAR(points[1].mean_after, mean_between(series, 30, 45), 1e-12);
  for (const ChangePoint& point : points) {
    EXPECT_GT(point.p_value, 0.0);
    EXPECT_LT(point.p_value, ChangePointSettings{}.max_p_value);
    EXPECT_NEAR(point.mean_after - point.mean_before, 0.1, 0.03);
  }
}

TEST(ChangePoint, StricterThresholdKeepsOnlyTheStrongerStep) {
  std::vector<double> series = noisy_flat(60, 0.01, 13);
  add_step(series, 20, 0.2);    // 20 sigma
  add_step(series, 40, 0.025);  // 2.5 sigma
  ChangePointSettings loose;
  loose.max_p_value = 0.01;
  ChangePointSettings strict;
  strict.max_p_value = 1e-12;
  const std::vector<ChangePoint> many = find_change_points(series, loose);
  const std::vector<ChangePoint> few = find_change_points(series, strict);
  ASSERT_EQ(few.size(), 1u);
  EXPECT_EQ(few[0].index, 20u);
  EXPECT_GE(many.size(), few.size());
}


// A regression later fixed, in a short history: +6 sigma for 6 runs of 20.
// Every binary split mixes both levels on one side, so without the bump
// search nothing is found (the first check says the case is a real one).
TEST(ChangePoint, BumpInTwentyRunsIsFoundAtBothEdges) {
  for (const std::uint64_t seed : {31u, 32u, 33u, 34u, 35u}) {
    std::vector<double> series = noisy_flat(20, 0.02, seed);
    add_step(series, 7, 0.12);
    add_step(series, 13, -0.12);
    ChangePointSettings no_bump_search;
    no_bump_search.max_bump_p_value = 0.0;
    EXPECT_TRUE(find_change_points(series, no_bump_search).empty()) << "seed " << seed;
    const std::vector<ChangePoint> points = find_change_points(series);
    ASSERT_EQ(points.size(), 2u) << "seed " << seed;
    EXPECT_EQ(points[0].index, 7u);
    EXPECT_EQ(points[1].index, 13u);
    EXPECT_GT(points[0].mean_after, points[0].mean_before);
    EXPECT_LT(points[1].mean_after, points[1].mean_before);
    EXPECT_FALSE(points[0].drift);
    EXPECT_FALSE(points[1].drift);
  }
}

// Unchanged series: the bump search adds no change to what the split test
// finds, and that is at most 1 series in 40 here (the study's rate is 0.1-0.3%;
// series of one seed share their first runs, so the 4 lengths are not 4
// independent draws).
TEST(ChangePoint, UnchangedNoisySeriesOfEveryLengthHaveNone) {
  ChangePointSettings no_bump_search;
  no_bump_search.max_bump_p_value = 0.0;
  std::size_t with_change = 0;
  for (std::uint64_t seed = 101; seed <= 140; ++seed)
    for (const std::size_t length : {20u, 40u, 100u, 400u}) {
      const std::vector<double> series = noisy_flat(length, 0.02, seed);
      const std::vector<ChangePoint> points = find_change_points(series);
      EXPECT_EQ(points.size(), find_change_points(series, no_bump_search).size()) << length << " runs, seed " << seed;
      with_change += points.empty() ? 0 : 1;
    }
  EXPECT_LE(with_change, 4u);
}

// A 4-sigma step is placed at one commit: no drift, its index on the step.
TEST(ChangePoint, StepStaysAStep) {
  for (std::uint64_t seed = 41; seed <= 50; ++seed) {
    std::vector<double> series = noisy_flat(60, 0.02, seed);
    add_step(series, 25, 0.08);
    const std::vector<ChangePoint> points = find_change_points(series);
    ASSERT_EQ(points.size(), 1u) << "seed " << seed;
    EXPECT_FALSE(points[0].drift) << "seed " << seed;
    EXPECT_EQ(points[0].first_moved, points[0].index);
    EXPECT_EQ(points[0].first_at_level, points[0].index);
    EXPECT_NEAR(static_cast<double>(points[0].index), 25.0, 1.0);
  }
}

// A drift of 6 sigma over runs 35..64 of 100 is one change over a range of
// commits around the ramp, not a step at one of them.  The ramp's gentle ends
// sit in the noise, so the range may start up to 10 runs early or end a few
// late; and bisection may cut the ramp into two changes that one ramp fits
// barely worse than two steps (docs/measurements.md): most series, not all.
TEST(ChangePoint, DriftIsReportedAsADriftWithItsRange) {
  std::size_t as_one_drift = 0;
  for (std::uint64_t seed = 61; seed <= 80; ++seed) {
    std::vector<double> series = noisy_flat(100, 0.01, seed);
    for (std::size_t i = 35; i < series.size(); ++i)
      series[i] += 0.06 * std::min(1.0, static_cast<double>(i - 34) / 30.0);
    const std::vector<ChangePoint> points = find_change_points(series);
    if (points.size() != 1 || !points[0].drift) continue;
    ++as_one_drift;
    EXPECT_GE(points[0].first_moved, 25u) << "seed " << seed;
    EXPECT_LE(points[0].first_moved, 40u) << "seed " << seed;
    EXPECT_GE(points[0].first_at_level, 58u) << "seed " << seed;
    EXPECT_LE(points[0].first_at_level, 70u) << "seed " << seed;
    EXPECT_NEAR(points[0].mean_after - points[0].mean_before, 0.06, 0.01) << "seed " << seed;
  }
  EXPECT_GE(as_one_drift, 14u);
}

TEST(BumpScan, FindsTheIntervalThatDiffersMost) {
  std::vector<double> series(30, 1.0);
  for (std::size_t i = 11; i < 17; ++i) series[i] = 2.0;
  const std::optional<Bump> bump = best_bump(series, 3, 200);
  ASSERT_TRUE(bump.has_value());
  EXPECT_EQ(bump->begin, 11u);
  EXPECT_EQ(bump->end, 17u);
  EXPECT_GT(bump->candidates, 0u);
  // Too short for an inside and two outsides of 3 points; too narrow a width.
  EXPECT_FALSE(best_bump(std::span<const double>(series).first(8), 3, 200).has_value());
  EXPECT_FALSE(best_bump(series, 3, 2).has_value());
  // At most max_width wide: the best interval of width 4 lies inside the bump.
  const std::optional<Bump> narrow = best_bump(series, 3, 4);
  ASSERT_TRUE(narrow.has_value());
  EXPECT_GE(narrow->begin, 11u);
  EXPECT_LE(narrow->end, 17u);
}

TEST(RampFit, ExactRampIsADriftOverItsRangeAndExactStepAStep) {
  std::vector<double> ramp(40, 0.0);
  for (std::size_t i = 10; i < ramp.size(); ++i) ramp[i] = std::min(1.0, static_cast<double>(i - 9) / 12.0);
  const ShapeFit drift = fit_shape(ramp);
  EXPECT_TRUE(drift.drift);
  EXPECT_EQ(drift.first_moved, 10u);      // the first point off the old level
  EXPECT_EQ(drift.first_at_level, 21u);   // the first point at the new level
  std::vector<double> step(40, 0.0);
  add_step(step, 17, 1.0);
  const ShapeFit fit = fit_shape(step);
  EXPECT_FALSE(fit.drift);
  EXPECT_EQ(fit.first_moved, 17u);
  EXPECT_EQ(fit.location_first, 17u);
  EXPECT_EQ(fit.location_last, 17u);
}

}  // namespace
}  // namespace perfgate::stats

namespace perfgate::stats {
namespace {

// Issue 45 item 1: a series of several steps back and forth, shaped like a
// service registry's lookups (~1.0 for 13 runs, higher for 16, back, up
// again, then down to 0.44), is found step by step when its levels are
// steady.  (The real series the issue names are bimodal within their levels
// and are not all found: docs/measurements.md.)
std::vector<double> back_and_forth(std::uint64_t seed, double sigma, std::vector<std::size_t>& steps) {
  std::mt19937_64 engine(seed);
  std::normal_distribution<double> noise(0.0, sigma);
  const std::vector<std::pair<std::size_t, double>> levels = {{13, 1.0}, {16, 1.44}, {12, 1.0}, {14, 1.69}, {14, 0.44}};
  std::vector<double> series;
  steps.clear();
  for (const auto& [runs, level] : levels) {
    if (!series.empty()) steps.push_back(series.size());
    for (std::size_t i = 0; i < runs; ++i) series.push_back(std::log(level) + noise(engine));
  }
  return series;
}

TEST(ChangePoint, SeveralStepsBackAndForthAreFoundOneByOne) {
  // At 5% run-to-run noise every step of every seed is found where it is.
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    std::vector<std::size_t> steps;
    const std::vector<double> series = back_and_forth(seed, 0.05, steps);
    std::vector<std::size_t> found;
    for (const ChangePoint& p : find_change_points(series)) found.push_back(p.index);
    EXPECT_EQ(found, steps) << "seed " << seed;
  }
}

// The series the issue names, as published: CppMicroServices' "C++ Benchmark"
// ServiceRegistryFixture/RegisterServicesWithRank/16/16 (ns a run, 61 runs;
// github.com/CppMicroServices/CppMicroServices, gh-pages dev/bench/data.js,
// lastUpdate 2023-11-29).  Its levels are bimodal between steps (4.4 / 5.2
// ms), so no split of the whole passes: before the local search it held no
// change.  In their neighbourhoods the step up at run 13 (+25%) and the drop
// at run 57 hold.
TEST(ChangePoint, ARealMultiLevelSeriesIsFoundInItsNeighbourhoods) {
  const std::vector<double> ns = {
      4.28158e+06, 4.42613e+06, 3.61602e+06, 4.34532e+06, 4.07075e+06, 4.23915e+06, 3.45092e+06, 4.21512e+06,
      4.02925e+06, 4.2382e+06,  4.09946e+06, 3.54589e+06, 3.98259e+06, 5.89205e+06, 5.93161e+06, 7.08292e+06,
      5.93575e+06, 5.90152e+06, 5.89854e+06, 5.13529e+06, 4.5404e+06,  4.4449e+06,  5.1104e+06,  4.80543e+06,
      5.11495e+06, 4.46403e+06, 5.23456e+06, 4.36846e+06, 5.1871e+06,  3.62068e+06, 4.08472e+06, 2.61768e+06,
      4.16211e+06, 3.59423e+06, 7.65204e+06, 7.42838e+06, 5.8793e+06,  3.8234e+06,  5.86541e+06, 5.66649e+06,
      4.95264e+06, 5.26976e+06, 4.74242e+06, 5.22863e+06, 5.0339e+06,  4.40472e+06, 4.41318e+06, 5.09244e+06,
      4.42767e+06, 5.22446e+06, 4.46715e+06, 4.31637e+06, 5.28593e+06, 4.49757e+06, 5.19973e+06, 5.47812e+06,
      5.34906e+06, 3.23917e+06, 3.22571e+06, 3.23214e+06, 3.24625e+06};
  std::vector<double> logs;
  for (const double v : ns) logs.push_back(std::log(v));
  std::vector<std::size_t> found;
  for (const ChangePoint& p : find_change_points(logs)) found.push_back(p.index);
  EXPECT_EQ(found, (std::vector<std::size_t>{13, 57}));
  ChangePointSettings whole_only;
  whole_only.local_half_width = 0;
  EXPECT_TRUE(find_change_points(logs, whole_only).empty()) << "the issue's silent series";
}

}  // namespace
}  // namespace perfgate::stats
