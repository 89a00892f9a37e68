// Thinning a series for display: at most the asked points, in order, and
// every step and outlier still there.

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "perfgate/dashboard/decimation.hpp"

namespace perfgate::dashboard {
namespace {

std::vector<double> flat(std::size_t n, double level) { return std::vector<double>(n, level); }

TEST(Decimation, AShortSeriesIsKeptWhole) {
  const std::vector<double> values = {3, 1, 2};
  EXPECT_EQ(decimate_min_max(values, 600), (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_TRUE(decimate_min_max(std::vector<double>{}, 600).empty());
}

TEST(Decimation, ALongSeriesKeepsAtMostTheAskedPointsInOrder) {
  std::vector<double> values;
  for (int i = 0; i < 10000; ++i) values.push_back(1.0 + 0.01 * ((i * 7919) % 101));
  for (std::size_t max_points : {4u, 5u, 60u, 600u, 9999u}) {
    const std::vector<std::size_t> kept = decimate_min_max(values, max_points);
    EXPECT_LE(kept.size(), max_points);
    EXPECT_GE(kept.size(), max_points / 2);
    EXPECT_TRUE(std::is_sorted(kept.begin(), kept.end()));
    EXPECT_EQ(std::adjacent_find(kept.begin(), kept.end()), kept.end()) << "a position twice";
    EXPECT_EQ(kept.front(), 0u);
    EXPECT_EQ(kept.back(), values.size() - 1);
  }
}

TEST(Decimation, OneOutlierAmongTenThousandSurvives) {
  std::vector<double> values = flat(10000, 1.0);
  values[4321] = 9.0;
  values[777] = 0.1;
  const std::vector<std::size_t> kept = decimate_min_max(values, 600);
  EXPECT_NE(std::find(kept.begin(), kept.end(), 4321u), kept.end());
  EXPECT_NE(std::find(kept.begin(), kept.end(), 777u), kept.end());
}

TEST(Decimation, AStepStaysAStep) {
  std::vector<double> values = flat(10000, 1.0);
  std::fill(values.begin() + 6000, values.end(), 1.2);
  const std::vector<std::size_t> kept = decimate_min_max(values, 600);
  // The last point before the step and the first after are drawn at their levels.
  std::size_t last_low = 0, first_high = values.size();
  for (std::size_t i : kept) {
    if (values[i] == 1.0) last_low = std::max(last_low, i);
    else first_high = std::min(first_high, i);
  }
  EXPECT_GT(last_low, 5960u);
  EXPECT_LT(first_high, 6040u);
  EXPECT_LT(last_low, first_high);
}

}  // namespace
}  // namespace perfgate::dashboard
