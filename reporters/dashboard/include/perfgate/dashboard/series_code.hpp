#pragma once
// The compact text a chart's numbers travel in.  2,000 runs x 1,000 series
// as JSON decimals is over 100 MB of site; as these codes it is a few
// bytes a number (docs/measurements.md, "History dashboard").
//
// Each unsigned integer is written as base-64 digits (A-Z a-z 0-9 + /),
// least significant 5 bits first, the digit's value + 32 when more digits
// follow (the VLQ of source maps).  Signed integers go through zigzag
// first (0, -1, 1, -2, ... -> 0, 1, 2, 3, ...).  The alphabet needs no
// escaping in HTML, JSON or a JavaScript string.  assets/dashboard.js
// decodes the same way.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfgate::dashboard {

std::uint64_t zigzag(std::int64_t value);
std::int64_t unzigzag(std::uint64_t code);

// Appends `value`'s digits to `out`.
void append_vlq(std::string& out, std::uint64_t value);

// Every number in `text`; std::nullopt when a character is outside the
// alphabet or the text ends inside a number.
std::optional<std::vector<std::uint64_t>> decode_vlq(std::string_view text);

// A median or an interval bound as an integer: round(ln(seconds / base) x
// kLogSteps), so one step is a 0.01% ratio (a median drawn and printed
// with at most 0.005% rounding, far below any run's noise).
inline constexpr double kLogSteps = 1e4;
std::int64_t log_step(double seconds, double base);
double from_log_step(std::int64_t step, double base);

}  // namespace perfgate::dashboard
