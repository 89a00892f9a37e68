#include "perfgate/runtime/sm_clock.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

TEST(SmClock, IsCyclesOverNanosecondsAcrossTheSamples) {
  SmClockAverage clock;
  EXPECT_FALSE(clock.mhz().has_value());
  clock.add({1'000, 5'000}, {11'000, 24'800});   // 10 us at 1980 MHz
  clock.add({50'000, 90'000}, {80'000, 120'000});  // 30 us at 1000 MHz
  // Time-weighted: (19'800 + 30'000) cycles / 40'000 ns = 1245 MHz.
  EXPECT_NEAR(*clock.mhz(), 1245.0, 1e-9);
}

TEST(SmClock, ReadingsThatDidNotMoveAreIgnored) {
  SmClockAverage clock;
  clock.add({0, 0}, {0, 0});              // no block ran on SM 0
  clock.add({100, 100}, {50, 200});       // timer went backwards
  EXPECT_FALSE(clock.mhz().has_value());
  clock.add({0, 0}, {1'000, 1'980});
  EXPECT_NEAR(*clock.mhz(), 1980.0, 1e-9);
}

TEST(SmClock, ThrottledBelowThreeQuartersOfTheMaximum) {
  EXPECT_FALSE(is_throttled(1980.0, 1980));
  EXPECT_FALSE(is_throttled(1485.0, 1980));  // exactly 75%
  EXPECT_TRUE(is_throttled(1484.0, 1980));
  EXPECT_TRUE(is_throttled(990.0, 1980));
  EXPECT_FALSE(is_throttled(100.0, 0)) << "an unknown maximum judges nothing";
  // A case that declares a lower normal clock (tensor-core GEMMs at their power limit).
  EXPECT_FALSE(is_throttled(1440.0, 1980, 0.6));
  EXPECT_TRUE(is_throttled(1180.0, 1980, 0.6));
}

}  // namespace
}  // namespace perfgate
