// The roofline of the current run: each case that recorded its work at
// (arithmetic intensity FLOP/byte, achieved FLOP/s), log-log, under the
// device's ceilings as the cases' counters imply them.

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "html_parts.hpp"
#include "perfgate/model/counter_names.hpp"
#include "perfgate/gate/report_order.hpp"
#include "perfgate/reports/svg_plot.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::html {
namespace {

constexpr double kWidth = 760, kHeight = 440, kLeft = 72, kRight = 740, kTop = 12, kBottom = 390;

std::string text_counter(const BenchmarkResult& r, const char* name) {
  const auto it = r.counters.find(name);
  return it != r.counters.end() && std::holds_alternative<std::string>(it->second) ? std::get<std::string>(it->second) : "";
}

struct Point {
  const BenchmarkComparison* comparison;
  double intensity;  // FLOP/byte
  double rate;       // FLOP/s
  std::string precision;
};

// Intensity from its counter, else flop / (bytes_read + bytes_written);
// the rate from TFLOP/s, else flop / the current median.
std::optional<Point> point_of(const BenchmarkComparison& b, const BenchmarkResult& r) {
  const auto flop = counter_number(r, counter::kFlop);
  const double bytes = counter_number(r, counter::kBytesRead).value_or(0) + counter_number(r, counter::kBytesWritten).value_or(0);
  std::optional<double> intensity = counter_number(r, counter::kArithmeticIntensity);
  if (!intensity && flop && bytes > 0) intensity = *flop / bytes;
  std::optional<double> rate;
  if (const auto tflops = counter_number(r, counter::kTflopPerSecond)) rate = *tflops * 1e12;
  else if (flop && b.current && b.current->median > 0) rate = *flop / b.current->median;
  if (!intensity || !rate || !(*intensity > 0) || !(*rate > 0)) return std::nullopt;
  return Point{&b, *intensity, *rate, text_counter(r, counter::kPrecision)};
}

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// The ceilings the counters were computed against: memory_pct is GB/s as a
// % of the memory ceiling, compute_pct TFLOP/s as a % of the precision's
// arithmetic ceiling, so ceiling = rate / pct x 100 (the median over cases).
struct Roofs {
  std::optional<double> memory;          // bytes/s
  std::map<std::string, double> compute;  // FLOP/s by precision
  std::string source;                    // "theoretical" or "measured"
};

Roofs roofs_of(const Results& current) {
  std::vector<double> memory;
  std::map<std::string, std::vector<double>> compute;
  Roofs roofs;
  for (const BenchmarkResult& r : current.benchmarks) {
    const auto gbs = counter_number(r, counter::kGigabytesPerSecond), mem_pct = counter_number(r, counter::kMemoryPct);
    if (gbs && mem_pct && *mem_pct > 0 && *gbs > 0) memory.push_back(*gbs * 1e9 / (*mem_pct / 100));
    const auto tflops = counter_number(r, counter::kTflopPerSecond), comp_pct = counter_number(r, counter::kComputePct);
    const std::string precision = text_counter(r, counter::kPrecision);
    if (tflops && comp_pct && *comp_pct > 0 && *tflops > 0 && !precision.empty())
      compute[precision].push_back(*tflops * 1e12 / (*comp_pct / 100));
    if (roofs.source.empty()) roofs.source = text_counter(r, counter::kCeilings);
  }
  if (!memory.empty()) roofs.memory = median_of(memory);
  for (const auto& [precision, values] : compute) roofs.compute[precision] = median_of(values);
  return roofs;
}

std::string line(double x1, double y1, double x2, double y2, const char* cls) {
  using svg::coordinate;
  return "<line class=\"" + std::string(cls) + "\" x1=\"" + coordinate(x1) + "\" y1=\"" + coordinate(y1) + "\" x2=\"" +
         coordinate(x2) + "\" y2=\"" + coordinate(y2) + "\"/>";
}

std::string label(double x, double y, const std::string& text, const char* anchor = "start") {
  return "<text class=\"roof-label\" x=\"" + svg::coordinate(x) + "\" y=\"" + svg::coordinate(y) + "\" text-anchor=\"" + anchor +
         "\">" + xml_escape_text(text) + "</text>";
}

// The memory diagonal up to the highest ridge, then one flat roof per
// precision from its ridge (compute / memory FLOP/byte) to the right.
std::string roof_lines(const Roofs& roofs, const svg::Scale& x, const svg::Scale& y) {
  std::string out;
  double ridge_max = x.hi;
  if (roofs.memory && !roofs.compute.empty()) {
    ridge_max = 0;
    for (const auto& [precision, flops] : roofs.compute) ridge_max = std::max(ridge_max, flops / *roofs.memory);
  }
  if (roofs.memory) {
    const double x0 = std::max(x.lo, y.lo / *roofs.memory), x1 = std::min(x.hi, std::min(ridge_max, y.hi / *roofs.memory));
    if (x1 > x0) {
      out += line(x.at(x0), y.at(*roofs.memory * x0), x.at(x1), y.at(*roofs.memory * x1), "roof");
      out += label(x.at(x0) + 4, y.at(*roofs.memory * x0) - 6, svg::si_label(*roofs.memory) + "B/s memory");
    }
  }
  for (const auto& [precision, flops] : roofs.compute) {
    if (flops < y.lo || flops > y.hi) continue;
    const double from = roofs.memory ? std::max(x.lo, flops / *roofs.memory) : x.lo;
    out += line(x.at(from), y.at(flops), x.at(x.hi), y.at(flops), "roof");
    out += label(x.at(x.hi) - 4, y.at(flops) - 4, precision + " " + svg::si_label(flops) + "FLOP/s", "end");
  }
  return out;
}

std::string point_svg(const Comparison& c, const Point& p, const svg::Scale& x, const svg::Scale& y) {
  const BenchmarkComparison& b = *p.comparison;
  return "<circle class=\"roofline-point " + verdict_class(b.verdict) + "\" " + benchmark_attributes(c.suite, b) + " cx=\"" +
         svg::coordinate(x.at(p.intensity)) + "\" cy=\"" + svg::coordinate(y.at(p.rate)) + "\" r=\"4\"><title>" +
         xml_escape_text(b.name + ": " + short_number(p.intensity) + " FLOP/byte, " + svg::si_label(p.rate) + "FLOP/s" +
                         (p.precision.empty() ? "" : ", " + p.precision) + ", " + verdict_label(b)) +
         "</title></circle>";
}

}  // namespace

std::string roofline_plot(const ReportInput& input) {
  if (!input.current) return "";
  std::vector<Point> points;
  for (const BenchmarkComparison* b : in_report_order(input.comparison))
    if (const BenchmarkResult* r = input.current->find(b->name))
      if (const auto p = point_of(*b, *r)) points.push_back(*p);
  if (points.empty()) return "";
  const Roofs roofs = roofs_of(*input.current);
  double x_lo = points[0].intensity, x_hi = x_lo, y_lo = points[0].rate, y_hi = y_lo;
  for (const Point& p : points)
    x_lo = std::min(x_lo, p.intensity), x_hi = std::max(x_hi, p.intensity), y_lo = std::min(y_lo, p.rate), y_hi = std::max(y_hi, p.rate);
  for (const auto& [precision, flops] : roofs.compute) {
    y_hi = std::max(y_hi, flops);
    if (roofs.memory) x_hi = std::max(x_hi, flops / *roofs.memory);
  }
  const svg::Scale x = svg::log_scale(x_lo / 3, x_hi * 3, kLeft, kRight), y = svg::log_scale(y_lo / 3, y_hi * 2, kBottom, kTop);
  std::string out = "<h3>Roofline (" + std::to_string(points.size()) + " cases)</h3><p class=\"note\">x: arithmetic intensity "
                    "(FLOP per byte moved), y: achieved FLOP/s of the current run, both logarithmic.";
  if (roofs.memory || !roofs.compute.empty())
    out += xml_escape_text(" Ceilings (" + (roofs.source.empty() ? std::string("source not recorded") : roofs.source) +
                           ") as the counters imply them: memory = GB/s / memory_pct x 100, compute per precision = TFLOP/s "
                           "/ compute_pct x 100, each the median over the cases that recorded both.");
  out += "</p><svg class=\"roofline\" width=\"" + svg::coordinate(kWidth) + "\" height=\"" + svg::coordinate(kHeight) +
         "\" viewBox=\"0 0 " + svg::coordinate(kWidth) + " " + svg::coordinate(kHeight) + "\">";
  const auto si = [](double v) { return svg::si_label(v); };
  out += svg::x_axis(x, svg::log_ticks(x.lo, x.hi), kTop, kBottom, si, "arithmetic intensity (FLOP/byte)");
  out += svg::y_axis(y, svg::log_ticks(y.lo, y.hi), kLeft, kRight, si, "FLOP/s");
  out += roof_lines(roofs, x, y);
  for (const Point& p : points) out += point_svg(input.comparison, p, x, y);
  return out + "</svg>";
}

}  // namespace perfgate::html
