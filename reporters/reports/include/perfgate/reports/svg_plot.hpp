#pragma once
// The axes of the HTML report's inline SVG plots: a scale maps a value to a
// pixel, ticks say where the grid lines and labels go.  Pure arithmetic, so
// that a test can check where a point lands without a browser.

#include <functional>
#include <string>
#include <vector>

namespace perfgate::svg {

// Values in [lo, hi] onto pixels in [from, to] (to < from for a y axis,
// whose pixels grow downwards), linearly or by their logarithm.
struct Scale {
  double lo = 0.0, hi = 1.0;
  double from = 0.0, to = 1.0;
  bool log = false;
  double at(double value) const;  // not clamped: a value outside lands outside
  double operator()(double value) const { return at(value); }
};

// [lo, hi] widened by `fraction` of its width on each side, so that no
// point sits on the frame; a domain of one value v becomes v +- fraction*|v|
// (+-1 for 0).
struct Domain {
  double lo, hi;
};
Domain padded_domain(double lo, double hi, double fraction);

// A linear scale over [lo, hi]; an empty span is widened by 1 each way (or
// by 10% of the value) so that one value still has a place.
Scale linear_scale(double lo, double hi, double from, double to);
// A logarithmic scale over [lo, hi], both > 0 (std::invalid_argument
// otherwise); an empty span is widened to a factor of 10 around the value.
Scale log_scale(double lo, double hi, double from, double to);

// About `count` round values (steps of 1, 2 or 5 x 10^k) within [lo, hi].
std::vector<double> linear_ticks(double lo, double hi, int count = 5);
// The powers of 10 within [lo, hi]; when there are fewer than two, the
// 1-2-5 values within it instead.
std::vector<double> log_ticks(double lo, double hi);

// A coordinate for an SVG attribute: at most 2 decimals, no exponent, "."
// whatever the locale ("12.5", "-3").
std::string coordinate(double pixel);
// A tick label with an SI prefix and at most 3 significant digits:
// 1.5e12 -> "1.5T", 0.002 -> "2m", 40 -> "40".
std::string si_label(double value);

// The grid lines and labels of one axis of a plot area (left, top, right,
// bottom in pixels), as SVG elements in a <g class="axis">.
std::string x_axis(const Scale& scale, const std::vector<double>& ticks, double top, double bottom,
                   const std::function<std::string(double)>& label, const std::string& title);
std::string y_axis(const Scale& scale, const std::vector<double>& ticks, double left, double right,
                   const std::function<std::string(double)>& label, const std::string& title);

}  // namespace perfgate::svg
