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
  clock.add({1'000, 5'000}, {2'000, 6'980});
  EXPECT_NEAR(*clock.mhz(), 1980.0, 1e-9);
}

// One of the two readings missing (zero: no probe block ran on SM 0 for
// it) is no interval: against the absolute other it would add ~1e18 ns
// and read as a clock near 0 MHz, a throttled repetition.
TEST(SmClock, AMissingReadingOnEitherSideIsIgnored) {
  SmClockAverage clock;
  clock.add({0, 0}, {1'700'000'000'000'000'000, 9'000'000'000});
  clock.add({1'700'000'000'000'000'000, 9'000'000'000}, {0, 0});
  clock.add({0, 5'000}, {1'000, 6'980});
  EXPECT_FALSE(clock.mhz().has_value());
  clock.add({1'000, 5'000}, {2'000, 6'500});
  EXPECT_NEAR(*clock.mhz(), 1500.0, 1e-9);
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

TEST(GroupClock, OneGpuIsItsOwnClockAndThrottleCheck) {
  const auto one = group_clock({GpuClock{1400.0, 1980}});
  ASSERT_TRUE(one.has_value());
  EXPECT_DOUBLE_EQ(one->mhz, 1400.0);
  EXPECT_TRUE(one->throttled) << "1400 < 0.75 x 1980, as is_throttled says";
  EXPECT_FALSE(group_clock({GpuClock{1400.0, 1980}}, 0.6)->throttled);
  EXPECT_FALSE(group_clock({GpuClock{std::nullopt, 1980}}).has_value()) << "no reading, no clock";
}

TEST(GroupClock, TheGpuFurthestBelowItsMaximumStandsForTheStep) {
  // GPU 1 runs at 62% of its maximum while the others run near theirs: the
  // step waits for it, so the repetition is throttled and reports its clock.
  const auto group = group_clock({GpuClock{1950.0, 1980}, GpuClock{1230.0, 1980}, GpuClock{1900.0, 1980}});
  ASSERT_TRUE(group.has_value());
  EXPECT_EQ(group->gpu, 1);
  EXPECT_DOUBLE_EQ(group->mhz, 1230.0);
  EXPECT_TRUE(group->throttled);
  // Against its own maximum, not the lowest clock: 1500 of 1755 (85%) is
  // further from full speed than 1700 of 1980 (86%).
  const auto mixed = group_clock({GpuClock{1700.0, 1980}, GpuClock{1500.0, 1755}});
  EXPECT_EQ(mixed->gpu, 1);
  EXPECT_FALSE(mixed->throttled);
  const auto partly = group_clock({GpuClock{std::nullopt, 1980}, GpuClock{1900.0, 1980}});
  EXPECT_EQ(partly->gpu, 1) << "a GPU without a reading is left out";
}

TEST(GroupClock, UnknownMaximaJudgeNothingAndReportTheLowestClock) {
  const auto group = group_clock({GpuClock{900.0, 0}, GpuClock{800.0, 0}});
  ASSERT_TRUE(group.has_value());
  EXPECT_EQ(group->gpu, 1);
  EXPECT_FALSE(group->throttled);
}

}  // namespace
}  // namespace perfgate
