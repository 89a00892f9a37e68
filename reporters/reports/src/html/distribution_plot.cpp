// Each benchmark's samples, baseline against current: a dot per repetition
// on a shared time axis, with each side's median.  From the results files,
// which the comparison summarizes away; left out when they are not given.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>

#include "html_parts.hpp"
#include "perfgate/gate/report_order.hpp"
#include "perfgate/reports/svg_plot.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::html {
namespace {

constexpr double kWidth = 330, kHeight = 78, kLeft = 58, kRight = 320, kBaselineY = 16, kCurrentY = 38, kAxisY = 52;
// Beyond this many samples a side shows an even subset: hundreds of
// benchmarks with thousands of dots would make the page slow to open.
constexpr std::size_t kMaxDots = 200;

const BenchmarkResult* measured(const Results* results, const std::string& name) {
  if (!results) return nullptr;
  const BenchmarkResult* r = results->find(name);
  return r && !r->samples.empty() ? r : nullptr;
}

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// A tick of a narrow time axis: in the unit of its largest value, with
// enough digits that neighbouring ticks read differently ("1.137 ms").
std::string time_tick(double seconds, const svg::Scale& x) {
  static const struct { double scale; const char* unit; } units[] = {{1e-9, "ns"}, {1e-6, "µs"}, {1e-3, "ms"}, {1.0, "s"}};
  std::size_t u = 0;
  while (u + 1 < std::size(units) && x.hi >= units[u + 1].scale) ++u;
  const double span = (x.hi - x.lo) / units[u].scale, value = seconds / units[u].scale;
  const int decimals = span > 0 ? std::clamp(static_cast<int>(std::ceil(-std::log10(span / 3))), 0, 6) : 0;
  char text[48];
  std::snprintf(text, sizeof text, "%.*f %s", decimals, value, units[u].unit);
  return text;
}

// Each round's median as a short tick below the side's dots (a side that
// pooled rounds: a baseline refresh, an A/B's alternating rounds), so a
// round that other work slowed stands out from the others.
std::string round_ticks(const BenchmarkResult& side, const svg::Scale& x, double y) {
  using svg::coordinate;
  const std::vector<double> medians = side.round_medians();
  if (medians.size() < 2) return "";
  std::string out;
  for (std::size_t k = 0; k < medians.size(); ++k)
    out += "<line class=\"round\" x1=\"" + coordinate(x.at(medians[k])) + "\" x2=\"" + coordinate(x.at(medians[k])) +
           "\" y1=\"" + coordinate(y + 7) + "\" y2=\"" + coordinate(y + 11) + "\"><title>round " + std::to_string(k + 1) +
           ": median " + xml_escape_text(time_tick(medians[k], x)) + "</title></line>";
  return out;
}

std::string strip(const std::vector<double>& samples, const svg::Scale& x, double y, const char* cls) {
  using svg::coordinate;
  std::string out;
  const std::size_t step = (samples.size() + kMaxDots - 1) / kMaxDots;
  for (std::size_t i = 0; i < samples.size(); i += step) {
    const double jitter = static_cast<double>(i % 5) * 2.0 - 4.0;  // overlapping dots stay visible
    out += "<circle class=\"" + std::string(cls) + "\" cx=\"" + coordinate(x.at(samples[i])) + "\" cy=\"" +
           coordinate(y + jitter) + "\" r=\"2.5\"/>";
  }
  const std::string m = coordinate(x.at(median_of(samples)));
  return out + "<line class=\"median\" x1=\"" + m + "\" x2=\"" + m + "\" y1=\"" + coordinate(y - 8) + "\" y2=\"" +
         coordinate(y + 8) + "\"/>";
}

std::string plot(const Comparison& c, const BenchmarkComparison& b, const BenchmarkResult& base_result,
                 const BenchmarkResult& cur_result) {
  const std::vector<double>& base = base_result.samples;
  const std::vector<double>& cur = cur_result.samples;
  // A reference measured alongside is "reference", the other side "candidate".
  const bool alongside = measured_alongside(c.reference);
  const auto [base_lo, base_hi] = std::minmax_element(base.begin(), base.end());
  const auto [cur_lo, cur_hi] = std::minmax_element(cur.begin(), cur.end());
  const double lo = std::min(*base_lo, *cur_lo), hi = std::max(*base_hi, *cur_hi), pad = (hi - lo) * 0.05;
  const svg::Scale x = svg::linear_scale(lo - pad, hi + pad, kLeft, kRight);
  std::string out = "<figure class=\"dist\" " + benchmark_attributes(c.suite, b) + "><svg width=\"" + svg::coordinate(kWidth) +
                    "\" height=\"" + svg::coordinate(kHeight) + "\" viewBox=\"0 0 " + svg::coordinate(kWidth) + " " +
                    svg::coordinate(kHeight) + "\"><text class=\"tick\" x=\"4\" y=\"" + svg::coordinate(kBaselineY + 4) +
                    "\">" + (alongside ? "reference" : "baseline") + "</text><text class=\"tick\" x=\"4\" y=\"" +
                    svg::coordinate(kCurrentY + 4) + "\">" + (alongside ? "candidate" : "current") + "</text>";
  out += svg::x_axis(x, svg::linear_ticks(x.lo, x.hi, 3), 4, kAxisY, [&x](double s) { return time_tick(s, x); }, "");
  out += strip(base, x, kBaselineY, "baseline-dot") + round_ticks(base_result, x, kBaselineY) +
         strip(cur, x, kCurrentY, "current-dot") + round_ticks(cur_result, x, kCurrentY) + "</svg><figcaption>" +
         xml_escape_text(b.name) + " <span class=\"verdict-" + verdict_class(b.verdict) + "\">" +
         xml_escape_text(verdict_label(b)) + "</span> " + xml_escape_text(b.evidence ? format_change(b.evidence->ratio) : "") +
         "</figcaption></figure>";
  return out;
}

}  // namespace

std::string distribution_plots(const ReportInput& input) {
  const std::string heading = "<h3>Sample distributions</h3>";
  if (!input.current || !input.baseline)
    return heading + "<p class=\"note\">Not shown: the samples are in the results files, and this report was made without "
                     "both of them.</p>";
  std::string plots;
  std::size_t with_samples = 0;
  for (const BenchmarkComparison* b : in_report_order(input.comparison)) {
    const BenchmarkResult* base = measured(input.baseline, b->name);
    const BenchmarkResult* cur = measured(input.current, b->name);
    if (!base || !cur) continue;
    if (++with_samples <= kCasesDrawn) plots += plot(input.comparison, *b, *base, *cur);
  }
  if (with_samples == 0) return heading + "<p class=\"note\">No benchmark has samples on both sides.</p>";
  return heading + drawn_note(std::min(with_samples, kCasesDrawn), with_samples) +
         "<p class=\"legend\"><span class=\"b\">● " + std::string(measured_alongside(input.comparison.reference) ? "reference" : "baseline") +
         "</span><span class=\"c\">● " + (measured_alongside(input.comparison.reference) ? "candidate" : "current") +
         "</span>one dot per repetition (time per iteration), a bar at each side's median, a tick under a side at each of "
         "its rounds' medians (a separate run each).</p><div class=\"small-multiples\">" +
         plots + "</div>";
}

}  // namespace perfgate::html
