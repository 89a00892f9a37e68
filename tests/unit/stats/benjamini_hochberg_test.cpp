#include "perfgate/stats/benjamini_hochberg.hpp"

#include <vector>

#include <gtest/gtest.h>

namespace perfgate::stats {
namespace {

// The worked example of Benjamini & Hochberg (1995), section 4: 15 p-values;
// at q = 0.05 the first four are discoveries.  Adjusted values as R's
// p.adjust(p, "BH") gives them.
TEST(BenjaminiHochberg, WorkedExampleOfThePaper) {
  const std::vector<double> p = {0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344,
                                 0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.0000};
  const std::vector<double> expected = {0.0015, 0.0030, 0.0095, 0.035625, 0.0603, 0.063857142857, 0.063857142857, 0.0645,
                                        0.0765, 0.486, 0.58118181818, 0.714875, 0.75323076923, 0.81321428571, 1.0};
  const std::vector<double> q = benjamini_hochberg(p);
  ASSERT_EQ(q.size(), p.size());
  for (std::size_t i = 0; i < p.size(); ++i) EXPECT_NEAR(q[i], expected[i], 1e-9) << "index " << i;
  std::size_t discoveries = 0;
  for (double v : q) discoveries += v < 0.05;
  EXPECT_EQ(discoveries, 4u);
}

TEST(BenjaminiHochberg, KeepsInputOrder) {
  const std::vector<double> q = benjamini_hochberg(std::vector<double>{0.04, 0.01, 0.03});
  // Sorted: 0.01 (x3/1 = 0.03), 0.03 (x3/2 = 0.045), 0.04 (x3/3 = 0.04) -> monotone: 0.03, 0.04, 0.04.
  EXPECT_NEAR(q[0], 0.04, 1e-12);
  EXPECT_NEAR(q[1], 0.03, 1e-12);
  EXPECT_NEAR(q[2], 0.04, 1e-12);
}

TEST(BenjaminiHochberg, SingleTestIsUnchangedAndEmptyIsEmpty) {
  EXPECT_DOUBLE_EQ(benjamini_hochberg(std::vector<double>{0.02})[0], 0.02);
  EXPECT_TRUE(benjamini_hochberg(std::vector<double>{}).empty());
}

TEST(BenjaminiHochberg, NeverAboveOne) {
  for (double q : benjamini_hochberg(std::vector<double>{0.9, 0.95, 1.0})) EXPECT_LE(q, 1.0);
}

}  // namespace
}  // namespace perfgate::stats
