#pragma once
// A time as perfgate writes it, everywhere: the reports (writers) and the
// suggestions' evidence text (suggest) spell it one way.

#include <string>

namespace perfgate {

// Seconds with a unit chosen by size and three significant digits:
// "812 ns", "12.3 µs", "4.56 ms", "1.20 s"; "n/a" when not finite.
std::string format_seconds(double seconds);

// A change in percent as every report prints it: `decimals` after the point
// ("+12.30%"), or, from a million percent up (a baseline of 1e-300 s
// against a real time), three significant digits with an exponent
// ("+1.41e+300%"), never 300 digits or a cut string.  `sign`: a '+' before
// a positive change.  "n/a" when not finite.
std::string format_percent(double pct, int decimals, bool sign = true);

// A ratio as the reports print it: three decimals ("1.083"), or from a
// million up three significant digits with an exponent ("7.39e+297").
std::string format_ratio(double ratio);

// Three significant digits without switching to exponent notation:
// "812", "12.3", "4.56".
std::string format_three_digits(double value);

// One number through a printf pattern of one conversion ("%.3f", "%.1e"):
// the shared spelling of the numbers above and of the reports' own.
std::string printf_string(const char* pattern, double value);

}  // namespace perfgate
