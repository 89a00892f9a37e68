#include "perfgate/model/time_text.hpp"

#include <cmath>
#include <cstdio>

namespace perfgate {
namespace {

std::string printf_string(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

}  // namespace

std::string format_three_digits(double value) {
  const double magnitude = std::fabs(value);
  if (magnitude >= 100) return printf_string("%.0f", value);
  if (magnitude >= 10) return printf_string("%.1f", value);
  return printf_string("%.2f", value);
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
