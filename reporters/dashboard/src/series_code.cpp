#include "perfgate/dashboard/series_code.hpp"

#include <algorithm>
#include <cmath>

namespace perfgate::dashboard {
namespace {

constexpr std::string_view kDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr std::uint64_t kMore = 32;  // the digit's 6th bit: more digits follow

int digit_value(char c) {
  const std::size_t at = kDigits.find(c);
  return at == std::string_view::npos ? -1 : static_cast<int>(at);
}

}  // namespace

std::uint64_t zigzag(std::int64_t value) {
  return (static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63);
}

std::int64_t unzigzag(std::uint64_t code) {
  return static_cast<std::int64_t>(code >> 1) ^ -static_cast<std::int64_t>(code & 1);
}

void append_vlq(std::string& out, std::uint64_t value) {
  do {
    std::uint64_t digit = value & 31;
    value >>= 5;
    if (value != 0) digit |= kMore;
    out += kDigits[digit];
  } while (value != 0);
}

std::optional<std::vector<std::uint64_t>> decode_vlq(std::string_view text) {
  std::vector<std::uint64_t> values;
  std::uint64_t value = 0;
  int shift = 0;
  bool inside = false;
  for (char c : text) {
    const int digit = digit_value(c);
    if (digit < 0 || shift > 60) return std::nullopt;
    value |= static_cast<std::uint64_t>(digit & 31) << shift;
    inside = (digit & kMore) != 0;
    shift = inside ? shift + 5 : 0;
    if (!inside) {
      values.push_back(value);
      value = 0;
    }
  }
  if (inside) return std::nullopt;
  return values;
}

std::int64_t log_step(double seconds, double base) {
  // A time that is no time (0, negative, NaN) is drawn at the smallest one a
  // double holds rather than be undefined.
  const double ratio = seconds / base > 1e-300 ? seconds / base : 1e-300;
  return static_cast<std::int64_t>(std::llround(std::clamp(std::log(ratio) * kLogSteps, -1e15, 1e15)));
}

double from_log_step(std::int64_t step, double base) {
  return base * std::exp(static_cast<double>(step) / kLogSteps);
}

}  // namespace perfgate::dashboard
