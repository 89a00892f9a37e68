#include "perfgate/reports/svg_plot.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "perfgate/reports/xml_text.hpp"

namespace perfgate::svg {

double Scale::at(double value) const {
  const double a = log ? std::log10(lo) : lo, b = log ? std::log10(hi) : hi;
  const double v = log ? std::log10(value) : value;
  return from + (v - a) / (b - a) * (to - from);
}

Domain padded_domain(double lo, double hi, double fraction) {
  if (hi > lo) {
    const double margin = (hi - lo) * fraction;
    return {lo - margin, hi + margin};
  }
  const double margin = lo == 0.0 ? 1.0 : std::abs(lo) * fraction;
  return {lo - margin, lo + margin};
}

Scale linear_scale(double lo, double hi, double from, double to) {
  if (hi < lo) std::swap(lo, hi);
  if (hi == lo) {
    const double pad = lo == 0.0 ? 1.0 : std::fabs(lo) * 0.1;
    lo -= pad;
    hi += pad;
  }
  return {lo, hi, from, to, false};
}

Scale log_scale(double lo, double hi, double from, double to) {
  if (!(lo > 0.0) || !(hi > 0.0)) throw std::invalid_argument("a logarithmic scale needs positive bounds");
  if (hi < lo) std::swap(lo, hi);
  if (hi == lo) {
    lo /= std::sqrt(10.0);
    hi *= std::sqrt(10.0);
  }
  return {lo, hi, from, to, true};
}

namespace {

// 1, 2 or 5 x 10^k: the round step nearest to `raw` from above.
double round_step(double raw) {
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (const double m : {1.0, 2.0, 5.0})
    if (m * power >= raw) return m * power;
  return 10.0 * power;
}

}  // namespace

std::vector<double> linear_ticks(double lo, double hi, int count) {
  std::vector<double> ticks;
  if (!(hi > lo) || count < 1 || !std::isfinite(lo) || !std::isfinite(hi)) return ticks;
  const double step = round_step((hi - lo) / count);
  // Integer multiples of the step: no drift from repeated addition.
  for (double k = std::ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k += 1.0)
    ticks.push_back(std::fabs(k * step) < step * 1e-9 ? 0.0 : k * step);
  return ticks;
}

std::vector<double> log_ticks(double lo, double hi) {
  std::vector<double> ticks;
  if (!(lo > 0.0) || !(hi > lo)) return ticks;
  for (double e = std::ceil(std::log10(lo) - 1e-9); e <= std::log10(hi) + 1e-9; e += 1.0) ticks.push_back(std::pow(10.0, e));
  if (ticks.size() >= 2) return ticks;
  ticks.clear();
  for (double e = std::floor(std::log10(lo)); e <= std::ceil(std::log10(hi)); e += 1.0)
    for (const double m : {1.0, 2.0, 5.0})
      if (const double v = m * std::pow(10.0, e); v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) ticks.push_back(v);
  return ticks;
}

std::string coordinate(double pixel) {
  if (!std::isfinite(pixel)) return "0";
  char text[48];
  std::snprintf(text, sizeof text, "%.2f", pixel);
  std::string s = text;
  // "12.50" -> "12.5", "3.00" -> "3": shorter pages for hundreds of points.
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  for (char& c : s)
    if (c == ',') c = '.';  // a locale's decimal comma
  return s;
}

std::string si_label(double value) {
  if (!std::isfinite(value)) return "n/a";
  if (value == 0.0) return "0";
  static const char* const prefixes[] = {"p", "n", "µ", "m", "", "k", "M", "G", "T", "P", "E"};
  int index = static_cast<int>(std::floor(std::log10(std::fabs(value)) / 3.0)) + 4;
  index = index < 0 ? 0 : index > 10 ? 10 : index;
  char text[48];
  std::snprintf(text, sizeof text, "%.3g%s", value / std::pow(1000.0, index - 4), prefixes[index]);
  return text;
}

std::string x_axis(const Scale& scale, const std::vector<double>& ticks, double top, double bottom,
                   const std::function<std::string(double)>& label, const std::string& title) {
  std::string out = "<g class=\"axis x-axis\">";
  for (const double t : ticks) {
    const std::string x = coordinate(scale.at(t));
    out += "<line class=\"grid\" x1=\"" + x + "\" x2=\"" + x + "\" y1=\"" + coordinate(top) + "\" y2=\"" +
           coordinate(bottom) + "\"/><text class=\"tick\" x=\"" + x + "\" y=\"" + coordinate(bottom + 14) +
           "\" text-anchor=\"middle\">" + xml_escape_text(label(t)) + "</text>";
  }
  const std::string middle = coordinate((scale.from + scale.to) / 2);
  out += "<text class=\"axis-title\" x=\"" + middle + "\" y=\"" + coordinate(bottom + 30) + "\" text-anchor=\"middle\">" +
         xml_escape_text(title) + "</text></g>";
  return out;
}

std::string y_axis(const Scale& scale, const std::vector<double>& ticks, double left, double right,
                   const std::function<std::string(double)>& label, const std::string& title) {
  std::string out = "<g class=\"axis y-axis\">";
  for (const double t : ticks) {
    const std::string y = coordinate(scale.at(t));
    out += "<line class=\"grid\" x1=\"" + coordinate(left) + "\" x2=\"" + coordinate(right) + "\" y1=\"" + y + "\" y2=\"" + y +
           "\"/><text class=\"tick\" x=\"" + coordinate(left - 4) + "\" y=\"" + y + "\" dy=\"4\" text-anchor=\"end\">" +
           xml_escape_text(label(t)) + "</text>";
  }
  const std::string middle = coordinate((scale.from + scale.to) / 2);
  out += "<text class=\"axis-title\" x=\"12\" y=\"" + middle + "\" text-anchor=\"middle\" transform=\"rotate(-90 12 " + middle +
         ")\">" + xml_escape_text(title) + "</text></g>";
  return out;
}

}  // namespace perfgate::svg
