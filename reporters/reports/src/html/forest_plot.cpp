// The forest plot: every compared benchmark's change (ratio - 1, in %) with
// its interval, over the band of its threshold.  One row per benchmark with
// evidence, in report order (regressions on top).

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "html_parts.hpp"
#include "perfgate/gate/report_order.hpp"
#include "perfgate/reports/svg_plot.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::html {
namespace {

constexpr double kWidth = 1000, kLabelRight = 334, kLeft = 344, kRight = 980, kTop = 8, kRowHeight = 16, kAxisHeight = 44;

// The ratios a row shows: the estimate, its interval and its threshold band
// (t% slower is 1 + t, t% faster is 1 / (1 + t), as the verdicts use them).
void extend(const BenchmarkComparison& b, double& lo, double& hi) {
  const Evidence& e = *b.evidence;
  const double t = b.threshold_pct / 100.0;
  for (const double v : {e.ratio, 1.0 + t, 1.0 / (1.0 + t)})
    if (std::isfinite(v) && v > 0) lo = std::min(lo, v), hi = std::max(hi, v);
  if (e.interval_available && std::isfinite(e.ci_low) && std::isfinite(e.ci_high) && e.ci_low > 0)
    lo = std::min(lo, e.ci_low), hi = std::max(hi, e.ci_high);
}

std::string change_label(double ratio) {
  char text[32];
  std::snprintf(text, sizeof text, "%+.3g%%", (ratio - 1.0) * 100.0);
  return text;
}

// Long names keep their start and end, which tell cases of a family apart.
std::string shortened(const std::string& name) {
  return name.size() <= 52 ? name : name.substr(0, 24) + "…" + name.substr(name.size() - 24);
}

std::string row(const Comparison& c, const BenchmarkComparison& b, const svg::Scale& x, double y) {
  using svg::coordinate;
  const Evidence& e = *b.evidence;
  const double t = b.threshold_pct / 100.0, middle = y + kRowHeight / 2;
  const std::string cls = verdict_class(b.verdict);
  std::string out = "<g class=\"forest-row\" " + benchmark_attributes(c.suite, b) + "><title>" +
                    xml_escape_text(b.name + ": " + format_change(e.ratio) + ", interval " + format_interval(e) + ", threshold " +
                                    short_number(b.threshold_pct) + "%, " + verdict_label(b)) +
                    "</title><text class=\"label\" x=\"" + coordinate(kLabelRight) + "\" y=\"" + coordinate(middle + 4) +
                    "\" text-anchor=\"end\">" + xml_escape_text(shortened(b.name)) + "</text>";
  const double band_lo = x.at(1.0 / (1.0 + t)), band_hi = x.at(1.0 + t);
  out += "<rect class=\"band\" x=\"" + coordinate(band_lo) + "\" y=\"" + coordinate(y + 2) + "\" width=\"" +
         coordinate(band_hi - band_lo) + "\" height=\"" + coordinate(kRowHeight - 4) + "\"/>";
  if (e.interval_available && e.ci_low > 0 && std::isfinite(e.ci_high))
    out += "<line class=\"ci " + cls + "\" x1=\"" + coordinate(x.at(e.ci_low)) + "\" x2=\"" + coordinate(x.at(e.ci_high)) +
           "\" y1=\"" + coordinate(middle) + "\" y2=\"" + coordinate(middle) + "\"/>";
  if (std::isfinite(e.ratio) && e.ratio > 0)
    out += "<circle class=\"point " + cls + "\" cx=\"" + coordinate(x.at(e.ratio)) + "\" cy=\"" + coordinate(middle) +
           "\" r=\"3.5\"/>";
  return out + "</g>";
}

// Linear in % while the changes are moderate; logarithmic in the ratio once
// they span more than a factor of 3, where a linear axis would squash the
// small changes against the large ones (and 2x slower and 2x faster would
// not look alike).
svg::Scale forest_scale(double lo, double hi) {
  return hi / lo > 3.0 ? svg::log_scale(lo, hi, kLeft, kRight) : svg::linear_scale(lo, hi, kLeft, kRight);
}

std::vector<double> forest_ticks(const svg::Scale& x) {
  if (x.log) return svg::log_ticks(x.lo, x.hi);
  std::vector<double> ticks;
  for (const double pct : svg::linear_ticks((x.lo - 1) * 100, (x.hi - 1) * 100, 6)) ticks.push_back(1 + pct / 100);
  return ticks;
}

}  // namespace

std::string forest_plot(const ReportInput& input) {
  const Comparison& c = input.comparison;
  std::vector<const BenchmarkComparison*> rows;
  double lo = 1.0, hi = 1.0;
  std::size_t compared = 0;
  for (const BenchmarkComparison* b : in_report_order(c))
    if (b->evidence && std::isfinite(b->evidence->ratio) && b->evidence->ratio > 0 && ++compared <= kCasesDrawn) {
      rows.push_back(b);
      extend(*b, lo, hi);
    }
  if (rows.empty()) return "<h3>Changes</h3><p class=\"note\">No benchmark was compared on both sides.</p>";
  const double pad = std::pow(hi / lo, 0.04);  // a little room beyond the extremes
  const svg::Scale x = forest_scale(lo / pad, hi * pad);
  const double height = kTop + kRowHeight * static_cast<double>(rows.size());
  std::string out = "<h3>Changes (" + std::to_string(compared) + " compared, " + (x.log ? "log" : "linear") +
                    " axis)</h3>" + drawn_note(rows.size(), compared) + "<p class=\"note\">Dot: change of the median, current / baseline - 1. Line: the " +
                    xml_escape_text(confidence_label(c.settings.confidence)) +
                    " interval of that ratio. Blue band: the case's threshold, t% slower to t% faster (ratio 1 + t to 1 / (1 + t)).</p>";
  out += "<svg class=\"forest\" width=\"" + svg::coordinate(kWidth) + "\" height=\"" +
         svg::coordinate(height + kAxisHeight) + "\" viewBox=\"0 0 " + svg::coordinate(kWidth) + " " +
         svg::coordinate(height + kAxisHeight) + "\">";
  out += svg::x_axis(x, forest_ticks(x), kTop, height, change_label, "change of the median (" +
                                                                          std::string(x.log ? "log" : "linear") + " scale of the ratio)");
  const std::string one = svg::coordinate(x.at(1.0));
  out += "<line class=\"zero\" x1=\"" + one + "\" x2=\"" + one + "\" y1=\"" + svg::coordinate(kTop) + "\" y2=\"" +
         svg::coordinate(height) + "\"/>";
  for (std::size_t i = 0; i < rows.size(); ++i) out += row(c, *rows[i], x, kTop + kRowHeight * static_cast<double>(i));
  return out + "</svg>";
}

}  // namespace perfgate::html
