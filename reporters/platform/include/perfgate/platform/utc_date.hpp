#pragma once
// Dates that other tools wrote, as perfgate stores them: UTC, ISO 8601.

#include <optional>
#include <string>
#include <string_view>

namespace perfgate {

// "2026-11-22T10:00:00Z" for a date that names an instant: ISO 8601 with a
// zone ("Z", "+01:00", "-0500"; a space for the "T" is accepted).  Nothing
// for anything else: a date without a zone ("2019-11-29 21:26:59", "04/30/20
// 23:06:15" as older Google Benchmark wrote its local time) does not say
// which instant it was, and an impossible date (month 13, 31 April) is no
// date; writing either as UTC would state a time nobody measured.
std::optional<std::string> normalize_utc_date(std::string_view text);

}  // namespace perfgate
