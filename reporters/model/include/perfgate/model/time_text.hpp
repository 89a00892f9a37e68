#pragma once
// A time as perfgate writes it, everywhere: the reports (writers) and the
// suggestions' evidence text (suggest) spell it one way.

#include <string>

namespace perfgate {

// Seconds with a unit chosen by size and three significant digits:
// "812 ns", "12.3 µs", "4.56 ms", "1.20 s"; "n/a" when not finite.
std::string format_seconds(double seconds);

// Three significant digits without switching to exponent notation:
// "812", "12.3", "4.56".
std::string format_three_digits(double value);

}  // namespace perfgate
