#include "perfgate/model/time_text.hpp"

#include <cmath>
#include <cstdio>

namespace perfgate {

std::string printf_string(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

std::string format_three_digits(double value) {
  const double magnitude = std::fabs(value);
  if (magnitude >= 100) return printf_string("%.0f", value);
  if (magnitude >= 10) return printf_string("%.1f", value);
  return printf_string("%.2f", value);
}

std::string format_percent(double pct, int decimals, bool sign) {
  if (!std::isfinite(pct)) return "n/a";
  char text[64];
  if (std::fabs(pct) >= 1e6)
    std::snprintf(text, sizeof text, sign ? "%+.3g%%" : "%.3g%%", pct);
  else
    std::snprintf(text, sizeof text, sign ? "%+.*f%%" : "%.*f%%", decimals, pct);
  return text;
}

std::string format_ratio(double ratio) {
  if (!std::isfinite(ratio)) return "n/a";
  return printf_string(std::fabs(ratio) >= 1e6 ? "%.3g" : "%.3f", ratio);
}

std::string format_seconds(double seconds) {
  if (!std::isfinite(seconds)) return "n/a";
  const double magnitude = std::fabs(seconds);
  if (magnitude >= 1.0 || magnitude == 0.0) return format_three_digits(seconds) + " s";
  if (magnitude >= 1e-3) return format_three_digits(seconds * 1e3) + " ms";
  if (magnitude >= 1e-6) return format_three_digits(seconds * 1e6) + " µs";
  return format_three_digits(seconds * 1e9) + " ns";
}

}  // namespace perfgate
