#include "perfgate/platform/utc_date.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace perfgate {
namespace {

// Reads exactly `digits` decimal digits at `pos`.
std::optional<int> read_number(std::string_view text, std::size_t& pos, int digits) {
  if (pos + static_cast<std::size_t>(digits) > text.size()) return std::nullopt;
  int value = 0;
  for (int i = 0; i < digits; ++i, ++pos) {
    const char c = text[pos];
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

bool expect(std::string_view text, std::size_t& pos, char c) {
  if (pos >= text.size() || text[pos] != c) return false;
  ++pos;
  return true;
}

bool is_leap(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int days_in_month(int year, int month) {
  static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && is_leap(year) ? 29 : days[month - 1];
}

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's
// days_from_civil), so that zone offsets can carry across days, months and
// years without the C library's local-time functions.
long long days_from_civil(int y, int m, int d) {
  y -= m <= 2;
  const long long era = (y >= 0 ? y : y - 399) / 400;
  const long long yoe = y - era * 400;
  const long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

void civil_from_days(long long z, int& y, int& m, int& d) {
  z += 719468;
  const long long era = (z >= 0 ? z : z - 146096) / 146097;
  const long long doe = z - era * 146097;
  const long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const long long mp = (5 * doy + 2) / 153;
  d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  y = static_cast<int>(yoe + era * 400 + (m <= 2));
}

// The zone at `pos`: "Z", "+HH:MM", "+HHMM" or "+HH", as minutes east of UTC.
std::optional<int> read_zone(std::string_view text, std::size_t& pos) {
  if (expect(text, pos, 'Z') || expect(text, pos, 'z')) return 0;
  if (pos >= text.size() || (text[pos] != '+' && text[pos] != '-')) return std::nullopt;
  const int sign = text[pos++] == '-' ? -1 : 1;
  const auto hours = read_number(text, pos, 2);
  if (!hours || *hours > 23) return std::nullopt;
  int minutes = 0;
  if (pos < text.size()) {
    expect(text, pos, ':');
    const auto m = read_number(text, pos, 2);
    if (!m || *m > 59) return std::nullopt;
    minutes = *m;
  }
  return sign * (*hours * 60 + minutes);
}

}  // namespace

std::optional<std::string> normalize_utc_date(std::string_view text) {
  std::size_t pos = 0;
  const auto year = read_number(text, pos, 4);
  if (!year || !expect(text, pos, '-')) return std::nullopt;
  const auto month = read_number(text, pos, 2);
  if (!month || *month < 1 || *month > 12 || !expect(text, pos, '-')) return std::nullopt;
  const auto day = read_number(text, pos, 2);
  if (!day || *day < 1 || *day > days_in_month(*year, *month)) return std::nullopt;
  if (!expect(text, pos, 'T') && !expect(text, pos, 't') && !expect(text, pos, ' ')) return std::nullopt;
  const auto hour = read_number(text, pos, 2);
  if (!hour || *hour > 23 || !expect(text, pos, ':')) return std::nullopt;
  const auto minute = read_number(text, pos, 2);
  if (!minute || *minute > 59 || !expect(text, pos, ':')) return std::nullopt;
  const auto second = read_number(text, pos, 2);
  if (!second || *second > 60) return std::nullopt;  // 60: a leap second
  if (expect(text, pos, '.'))  // fractions of a second are dropped
    while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) ++pos;
  const auto zone = read_zone(text, pos);
  if (!zone || pos != text.size()) return std::nullopt;

  const long long seconds = days_from_civil(*year, *month, *day) * 86400LL + *hour * 3600LL + *minute * 60LL +
                            std::min(*second, 59) - *zone * 60LL;
  const long long days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400;
  const long long in_day = seconds - days * 86400;
  int y = 0, m = 0, d = 0;
  civil_from_days(days, y, m, d);
  if (y < 0 || y > 9999) return std::nullopt;
  char out[64];
  std::snprintf(out, sizeof out, "%04d-%02d-%02dT%02lld:%02lld:%02lldZ", y, m, d, in_day / 3600, in_day / 60 % 60,
                in_day % 60);
  return std::string(out);
}

}  // namespace perfgate
