// series_changes: the detector's points as the triage's changes (shape,
// range, levels around, and which change a later one takes back).

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "perfgate/history/changes.hpp"

namespace perfgate::history {
namespace {

// Medians around 1 ms with gaussian run noise (relative sigma) times the
// level factor of each run; Box-Muller over mt19937_64 so that the series is
// the same with every standard library.
std::vector<SeriesPoint> history_of(const std::vector<double>& levels, double sigma, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::vector<SeriesPoint> points;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const double u1 = (static_cast<double>(engine() >> 11) + 0.5) * 0x1.0p-53;
    const double u2 = static_cast<double>(engine() >> 11) * 0x1.0p-53;
    const double noise = sigma * std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
    SeriesPoint p;
    p.commit = std::string("c").append(std::to_string(i));  // not "c" + ...: GCC 12 warns (-Wrestrict) falsely
    p.ordinal = static_cast<std::int64_t>(i);
    p.created_utc = "2026-11-" + std::to_string(10 + i % 10) + "T00:00:00Z";
    p.median_s = 1e-3 * levels[i] * std::exp(noise);
    points.push_back(p);
  }
  return points;
}

const SeriesKey kKey{"suite", "testbed", "bench"};

// A regression fixed six runs later in a 20-run history: two steps, the
// first taken back by the second.
TEST(SeriesChanges, BumpEdgesArePairedByUndoneBy) {
  std::vector<double> levels(20, 1.0);
  for (std::size_t i = 8; i < 14; ++i) levels[i] = 1.13;  // +13%, about 6 sigma at 2% noise
  const std::vector<Change> changes = series_changes(kKey, history_of(levels, 0.02, 5), {});
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0].commit, "c8");
  EXPECT_EQ(changes[1].commit, "c14");
  EXPECT_EQ(changes[0].shape, ChangeShape::step);
  EXPECT_EQ(changes[0].end_commit, "c8");
  EXPECT_NEAR(changes[0].change_pct, 13.0, 4.0);
  ASSERT_TRUE(changes[0].undone_by.has_value());
  EXPECT_EQ(*changes[0].undone_by, 1u);
  EXPECT_FALSE(changes[1].undone_by.has_value());
}

// A partial fix (+10%, then -5%) does not take the regression back.
TEST(SeriesChanges, PartialFixDoesNotUndo) {
  std::vector<double> levels(60, 1.0);
  for (std::size_t i = 20; i < 60; ++i) levels[i] = i < 40 ? 1.10 : 1.045;
  const std::vector<Change> changes = series_changes(kKey, history_of(levels, 0.01, 7), {});
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0].commit, "c20");
  EXPECT_EQ(changes[1].commit, "c40");
  EXPECT_FALSE(changes[0].undone_by.has_value());
  EXPECT_FALSE(changes[1].undone_by.has_value());
}

// A slowdown of 6% along runs 30..59 of 90 (6 sigma at 1% noise) is one
// drift from a commit near the ramp's start to one near its end, its total
// the level after against the level before.
TEST(SeriesChanges, DriftHasARangeOfCommitsAndItsTotal) {
  std::vector<double> levels(90, 1.0);
  for (std::size_t i = 30; i < 90; ++i) levels[i] = 1.0 + 0.06 * std::min(1.0, static_cast<double>(i - 29) / 30.0);
  const std::vector<Change> changes = series_changes(kKey, history_of(levels, 0.01, 11), {});
  ASSERT_EQ(changes.size(), 1u);
  const Change& drift = changes[0];
  EXPECT_EQ(drift.shape, ChangeShape::drift);
  ASSERT_TRUE(drift.ordinal.has_value());
  ASSERT_TRUE(drift.end_ordinal.has_value());
  EXPECT_GE(*drift.ordinal, 20);
  EXPECT_LE(*drift.ordinal, 36);
  EXPECT_GE(*drift.end_ordinal, 53);
  EXPECT_LE(*drift.end_ordinal, 65);
  EXPECT_EQ(drift.end_commit, std::string("c").append(std::to_string(*drift.end_ordinal)));
  EXPECT_NEAR(drift.change_pct, 6.0, 1.5);
  EXPECT_FALSE(drift.undone_by.has_value());
  EXPECT_FALSE(drift.placed);
  // Its width: the runs of its range, each of its own commit here.
  EXPECT_EQ(drift.runs_spanned, static_cast<std::size_t>(*drift.end_ordinal - *drift.ordinal + 1));
  EXPECT_EQ(drift.commits_spanned, drift.runs_spanned);
}

// Issue 45 item 5: a small step (1.5 sigma) in a long history is real, but
// the data cannot place it at one commit, and no ramp fits better than a
// step: a step somewhere in a range of commits, with the range's width,
// never a drift.
TEST(SeriesChanges, ASmallStepTheDataCannotPlaceIsAStepOverARangeNotADrift) {
  std::size_t unplaced = 0, drifts = 0, placed = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    std::vector<double> levels(200, 1.0);
    for (std::size_t i = 100; i < 200; ++i) levels[i] = 1.03;
    for (const Change& c : series_changes(kKey, history_of(levels, 0.02, seed), {})) {
      if (c.shape == ChangeShape::drift) {
        ++drifts;
      } else if (!c.placed) {
        ++unplaced;
        EXPECT_GT(c.runs_spanned, 5u) << "seed " << seed;
        EXPECT_EQ(c.commits_spanned, c.runs_spanned) << "seed " << seed;
        EXPECT_NE(c.commit, c.end_commit) << "seed " << seed;
      } else {
        ++placed;
        EXPECT_EQ(c.runs_spanned, 1u);
      }
    }
  }
  EXPECT_GE(unplaced, 5u) << "placed " << placed << ", drifts " << drifts;
  EXPECT_LE(drifts, 2u) << "a step is no trend: unplaced " << unplaced << ", placed " << placed;
}

// The triage's form of the same answer: medians and a run per point (the
// runs here after five of another series, as the reader's positions are
// among all runs), each change with the indices of its first moved and first
// settled point.
TEST(SeriesChanges, IndexedChangesAreTheSeriesChangesWithTheirPoints) {
  std::vector<double> levels(90, 1.0);
  for (std::size_t i = 30; i < 90; ++i) levels[i] = 1.0 + 0.06 * std::min(1.0, static_cast<double>(i - 29) / 30.0);
  for (std::size_t i = 10; i < 16; ++i) levels[i] = 1.2;  // a bump before the drift
  const std::vector<SeriesPoint> points = history_of(levels, 0.01, 11);
  std::vector<SeriesPoint> runs = history_of(std::vector<double>(5, 1.0), 0.01, 3);
  std::vector<double> medians;
  std::vector<std::size_t> run_of_point;
  for (const SeriesPoint& p : points) {
    run_of_point.push_back(runs.size());
    runs.push_back(p);
    medians.push_back(p.median_s);
  }
  const std::vector<Change> changes = series_changes(kKey, points, {});
  const std::vector<IndexedChange> indexed =
      indexed_changes(kKey, medians, [&](std::size_t i) -> const SeriesPoint& { return runs[run_of_point[i]]; }, {});
  ASSERT_EQ(indexed.size(), changes.size());
  ASSERT_GE(changes.size(), 3u);  // the bump's two edges and the drift
  for (std::size_t i = 0; i < changes.size(); ++i) {
    EXPECT_EQ(indexed[i].change.commit, changes[i].commit);
    EXPECT_EQ(indexed[i].change.end_commit, changes[i].end_commit);
    EXPECT_EQ(indexed[i].change.shape, changes[i].shape);
    EXPECT_EQ(indexed[i].change.p_value, changes[i].p_value);
    EXPECT_EQ(indexed[i].change.undone_by, changes[i].undone_by);
    EXPECT_EQ(points[indexed[i].first].commit, changes[i].commit);
    EXPECT_EQ(points[indexed[i].last].commit, changes[i].end_commit);
    if (changes[i].shape == ChangeShape::step) {
      EXPECT_EQ(indexed[i].first, indexed[i].last);
    }
  }
}

TEST(SeriesChanges, UnchangedHistoryHasNone) {
  for (std::uint64_t seed = 1; seed <= 10; ++seed)
    EXPECT_TRUE(series_changes(kKey, history_of(std::vector<double>(40, 1.0), 0.02, seed), {}).empty()) << seed;
}

}  // namespace
}  // namespace perfgate::history

namespace perfgate::history {
namespace {

// Each commit measured `reruns` times in a row (a CI that reruns its jobs):
// the points of history_of() renamed so that runs i*reruns .. i*reruns +
// reruns - 1 share commit "c<i>".
std::vector<SeriesPoint> reruns_of_commits(std::vector<SeriesPoint> points, std::size_t reruns) {
  for (std::size_t i = 0; i < points.size(); ++i) {
    points[i].commit = std::string("c").append(std::to_string(i / reruns));
    points[i].ordinal = static_cast<std::int64_t>(i / reruns);
    points[i].created_utc = "2026-11-" + std::to_string(10 + i / 10) + "T0" + std::to_string(i % 10) + ":00:00Z";
  }
  return points;
}

// Issue 45 item 2: the level moved in the middle of commit c3's reruns: the
// machine moved, and the change says so instead of blaming c3.
TEST(SeriesChanges, AStepBetweenRerunsOfOneCommitIsTheEnvironment) {
  std::vector<double> levels(48, 1.0);
  for (std::size_t i = 27; i < 48; ++i) levels[i] = 1.25;  // run 27 is c3's fourth of 8
  const std::vector<Change> changes =
      series_changes(kKey, reruns_of_commits(history_of(levels, 0.02, 11), 8), {});
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].commit, "c3");
  EXPECT_EQ(changes[0].cause, ChangeCause::environment);
  EXPECT_STREQ(to_string(changes[0].cause), "environment");
  EXPECT_EQ(changes[0].before_created_utc, "2026-11-12T06:00:00Z") << "the last run at the old level: run 26";
  EXPECT_EQ(changes[0].created_utc, "2026-11-12T07:00:00Z");
}

TEST(SeriesChanges, AStepAtAnotherCommitsFirstRunIsTheCode) {
  std::vector<double> levels(48, 1.0);
  for (std::size_t i = 24; i < 48; ++i) levels[i] = 1.25;  // run 24 is c3's first
  const std::vector<Change> changes =
      series_changes(kKey, reruns_of_commits(history_of(levels, 0.02, 11), 8), {});
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].commit, "c3");
  EXPECT_EQ(changes[0].cause, ChangeCause::code);
  EXPECT_EQ(changes[0].before_created_utc, "2026-11-12T03:00:00Z");
}

}  // namespace
}  // namespace perfgate::history
