#include "perfgate/platform/utc_date.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

TEST(UtcDate, ZonesAreConvertedToUtc) {
  EXPECT_EQ(normalize_utc_date("2026-11-22T10:00:00Z"), "2026-11-22T10:00:00Z");
  EXPECT_EQ(normalize_utc_date("2026-11-22T10:00:00+00:00"), "2026-11-22T10:00:00Z");
  EXPECT_EQ(normalize_utc_date("2026-11-20T09:15:02+01:00"), "2026-11-20T08:15:02Z");
  EXPECT_EQ(normalize_utc_date("2026-11-20 09:15:02-0530"), "2026-11-20T14:45:02Z");
  EXPECT_EQ(normalize_utc_date("2026-11-20T09:15:02.123456+02"), "2026-11-20T07:15:02Z");
}

TEST(UtcDate, OffsetsCarryAcrossDaysMonthsAndYears) {
  EXPECT_EQ(normalize_utc_date("2027-01-01T00:30:00+01:00"), "2026-12-31T23:30:00Z");
  EXPECT_EQ(normalize_utc_date("2024-02-28T23:00:00-02:00"), "2024-02-29T01:00:00Z");  // leap year
  EXPECT_EQ(normalize_utc_date("2023-02-28T23:00:00-02:00"), "2023-03-01T01:00:00Z");
}

TEST(UtcDate, DatesWithoutAZoneOrNotDatesAreLeftOut) {
  // As older Google Benchmark wrote its local time: no instant is known.
  EXPECT_FALSE(normalize_utc_date("2019-11-29 21:26:59"));
  EXPECT_FALSE(normalize_utc_date("04/30/20 23:06:15"));  // MSVC's %x %X
  EXPECT_FALSE(normalize_utc_date(""));
  EXPECT_FALSE(normalize_utc_date("yesterday"));
  EXPECT_FALSE(normalize_utc_date("2026-13-01T00:00:00Z"));
  EXPECT_FALSE(normalize_utc_date("2026-04-31T00:00:00Z"));
  EXPECT_FALSE(normalize_utc_date("2023-02-29T00:00:00Z"));
  EXPECT_FALSE(normalize_utc_date("2026-11-22T24:00:00Z"));
  EXPECT_FALSE(normalize_utc_date("2026-11-22T10:00:00Z trailing"));
  EXPECT_FALSE(normalize_utc_date("2026-11-22T10:00:00+25:00"));
}

}  // namespace
}  // namespace perfgate
