// perfgate bisect's search (tools/src/bisect/bisect_search.hpp) on planted
// ranges: which side a measured commit is on, the number of probes, a
// commit that cannot be built skipped, and a measurement that cannot tell
// ending the search with the range so far.

#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "bisect/bisect_search.hpp"

namespace perfgate::cli {
namespace {

RatioEvidence measured(double ratio, double half_width) { return {ratio, true, ratio - half_width, ratio + half_width}; }

TEST(CarriesChange, TheIntervalAgainstTheGeometricMidpoint) {
  // bad is 3x good: the midpoint is sqrt(3) = 1.732.
  EXPECT_EQ(carries_change(measured(2.9, 0.2), 3.0), Carries::yes);
  EXPECT_EQ(carries_change(measured(1.0, 0.05), 3.0), Carries::no);
  EXPECT_EQ(carries_change(measured(1.7, 0.2), 3.0), Carries::unclear) << "straddles the midpoint";
  EXPECT_EQ(carries_change({2.9, false, 0, 0}, 3.0), Carries::unclear) << "no interval";
  // An improvement: bad is 0.5x good, the midpoint 0.707.
  EXPECT_EQ(carries_change(measured(0.5, 0.05), 0.5), Carries::yes);
  EXPECT_EQ(carries_change(measured(0.98, 0.05), 0.5), Carries::no);
  EXPECT_EQ(carries_change(measured(1.0, 0.0), 1.0), Carries::unclear) << "no change to place";
}

TEST(MostProbes, Log2OfTheCommitsAfterGood) {
  EXPECT_EQ(most_probes(2), 0u);  // good and bad adjacent: nothing between
  EXPECT_EQ(most_probes(3), 1u);
  EXPECT_EQ(most_probes(9), 3u);  // 8 commits after good
  EXPECT_EQ(most_probes(10), 4u);
  EXPECT_EQ(most_probes(1025), 10u);
}

// A range whose change came in at `first`; every index at or after it
// carries it.
BisectProbe planted(std::size_t index, std::size_t first) {
  BisectProbe p;
  p.carries = index >= first ? Carries::yes : Carries::no;
  return p;
}

TEST(BisectCommits, FindsThePlantedCommitWithinLog2Probes) {
  for (std::size_t commits : {2u, 3u, 9u, 17u, 100u})
    for (std::size_t first = 1; first < commits; ++first) {
      const BisectSearch search = bisect_commits(commits, [&](std::size_t i) { return planted(i, first); });
      ASSERT_TRUE(search.found) << commits << " " << first;
      EXPECT_EQ(search.first, first);
      EXPECT_EQ(search.last_good, first - 1);
      EXPECT_LE(search.probes.size(), most_probes(commits)) << commits << " " << first;
    }
}

TEST(BisectCommits, ACommitThatCannotBeBuiltIsSkippedForItsNeighbour) {
  // 9 commits (good 0, bad 8), the change at 6, commit 4 (the first
  // middle) does not build: its neighbour 3 is probed instead.
  std::map<std::size_t, int> probed;
  const BisectSearch search = bisect_commits(9, [&](std::size_t i) {
    ++probed[i];
    if (i == 4) return BisectProbe{i, Carries::untestable, {}, "build failed", 0, 0};
    return planted(i, 6);
  });
  ASSERT_TRUE(search.found);
  EXPECT_EQ(search.first, 6u);
  EXPECT_EQ(probed[3], 1);
  EXPECT_EQ(probed[4], 1) << "never probed twice";
  EXPECT_EQ(search.probes.front().carries, Carries::untestable);
}

TEST(BisectCommits, TheChangeNextToAnUnbuildableCommitIsARange) {
  // The change at 4, and 3 does not build: 2 is without it, 4 with it, and
  // 3 cannot tell which of them brought it.
  const BisectSearch search = bisect_commits(9, [&](std::size_t i) {
    if (i == 3) return BisectProbe{i, Carries::untestable, {}, "build failed", 0, 0};
    return planted(i, 4);
  });
  EXPECT_FALSE(search.found);
  EXPECT_EQ(search.last_good, 2u);
  EXPECT_EQ(search.first, 4u);
  EXPECT_NE(search.stopped.find("could not be built"), std::string::npos) << search.stopped;
}

TEST(BisectCommits, AMeasurementThatCannotTellStopsWithTheRangeSoFar) {
  const BisectSearch search = bisect_commits(17, [&](std::size_t i) {
    if (i == 4) return BisectProbe{i, Carries::unclear, {}, "x1.7 between", 0, 0};
    return planted(i, 3);
  });
  EXPECT_FALSE(search.found);
  EXPECT_EQ(search.last_good, 0u);
  EXPECT_EQ(search.first, 8u);
  EXPECT_NE(search.stopped.find("x1.7 between"), std::string::npos);
}

}  // namespace
}  // namespace perfgate::cli
