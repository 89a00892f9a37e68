// The batch-size curves: for each batch sweep the suite derived figures for
// (a "<prefix>/knee_batch" figure and its inputs, one case per batch size
// B), throughput B / median(case B) against B, with the knee and the
// largest batch that fit in device memory; the sizes that did not run are
// marked with their reason.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "html_parts.hpp"
#include "perfgate/reports/svg_plot.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::html {
namespace {

constexpr double kWidth = 760, kHeight = 340, kLeft = 72, kRight = 740, kTop = 24, kBottom = 290;
constexpr std::string_view kKneeSuffix = "/knee_batch";

struct BatchCase {
  std::string name;
  double batch = 0;
  double throughput = std::nan("");  // samples/s; NaN when it did not run
  std::string why_not;               // its error or skip reason
};

// B from the case name's last part ("fno/batch/fno64/64" -> 64); 0 if none.
double batch_of(const std::string& name) {
  const std::string last = name.substr(name.find_last_of('/') + 1);
  char* end = nullptr;
  const double b = std::strtod(last.c_str(), &end);
  return end && *end == '\0' && b > 0 ? b : 0;
}

std::vector<BatchCase> sweep_cases(const DerivedFigure& knee, const Comparison& c, const Results* current) {
  std::vector<BatchCase> cases;
  for (const std::string& name : knee.inputs) {
    BatchCase k{name, batch_of(name), std::nan(""), ""};
    if (k.batch <= 0) continue;
    const BenchmarkComparison* b = c.find(name);
    const BenchmarkResult* r = current ? current->find(name) : nullptr;
    if (b && b->current && b->current->median > 0) k.throughput = k.batch / b->current->median;
    if (r && !r->measured()) k.why_not = r->skipped ? *r->skipped : r->error.value_or("");
    else if (!std::isfinite(k.throughput)) k.why_not = "not measured";
    cases.push_back(std::move(k));
  }
  return cases;
}

// A batch size as written in case names: "2048", not "2.05e+03".
std::string batch_label(double b) {
  char text[32];
  std::snprintf(text, sizeof text, b == std::floor(b) && b < 1e15 ? "%.0f" : "%.3g", b);
  return text;
}

const DerivedFigure* figure_named(const std::vector<DerivedFigure>& figures, const std::string& name) {
  for (const DerivedFigure& f : figures)
    if (f.name == name) return &f;
  return nullptr;
}

std::string attributes(const Comparison& c, const std::string& name) {
  if (const BenchmarkComparison* b = c.find(name)) return benchmark_attributes(c.suite, *b);
  return "data-benchmark=\"" + xml_escape_attribute(name) + "\" data-suite=\"" + xml_escape_attribute(c.suite) + "\"";
}

std::string marker(const svg::Scale& x, double b, const char* cls, const std::string& text) {
  using svg::coordinate;
  const std::string at = coordinate(x.at(b));
  // Near the right edge the label goes to the left of its line, inside the plot.
  const bool left = x.at(b) > kRight - 180;
  return "<line class=\"" + std::string(cls) + "\" x1=\"" + at + "\" x2=\"" + at + "\" y1=\"" + coordinate(kTop) + "\" y2=\"" +
         coordinate(kBottom) + "\"/><text class=\"roof-label\" x=\"" + coordinate(x.at(b) + (left ? -4 : 4)) + "\" y=\"" +
         coordinate(kTop - 8) + "\" text-anchor=\"" + (left ? "end" : "start") + "\">" + xml_escape_text(text) + "</text>";
}

std::string curve(const Comparison& c, const std::string& prefix, const std::vector<BatchCase>& cases,
                  const std::vector<DerivedFigure>& figures) {
  using svg::coordinate;
  double top = 0;
  for (const BatchCase& k : cases)
    if (std::isfinite(k.throughput)) top = std::max(top, k.throughput);
  if (top <= 0) return "";
  const svg::Scale x = svg::log_scale(cases.front().batch / 1.5, cases.back().batch * 1.5, kLeft, kRight);
  const svg::Scale y = svg::linear_scale(0, top * 1.1, kBottom, kTop);
  std::vector<double> ticks;
  for (const BatchCase& k : cases) ticks.push_back(k.batch);
  std::string out = "<svg class=\"batch-curve\" width=\"" + coordinate(kWidth) + "\" height=\"" + coordinate(kHeight) +
                    "\" viewBox=\"0 0 " + coordinate(kWidth) + " " + coordinate(kHeight) + "\">";
  out += svg::x_axis(x, ticks, kTop, kBottom, batch_label, "batch size B (log scale)");
  out += svg::y_axis(y, svg::linear_ticks(y.lo, y.hi, 5), kLeft, kRight, [](double v) { return svg::si_label(v); },
                     "samples/s = B / median");
  std::string path;
  for (const BatchCase& k : cases)
    if (std::isfinite(k.throughput)) path += coordinate(x.at(k.batch)) + "," + coordinate(y.at(k.throughput)) + " ";
  out += "<polyline class=\"curve\" points=\"" + path + "\"/>";
  if (const DerivedFigure* knee = figure_named(figures, prefix + "/knee_batch"); knee && knee->value)
    out += marker(x, *knee->value, "knee", "knee B = " + batch_label(*knee->value));
  if (const DerivedFigure* fits = figure_named(figures, prefix + "/largest_batch_that_fits"); fits && fits->value)
    out += marker(x, *fits->value, "limit", "largest that ran B = " + batch_label(*fits->value));
  for (const BatchCase& k : cases) {
    const std::string cx = coordinate(x.at(k.batch));
    if (std::isfinite(k.throughput))
      out += "<circle class=\"batch-point\" " + attributes(c, k.name) + " cx=\"" + cx + "\" cy=\"" +
             coordinate(y.at(k.throughput)) + "\" r=\"4\"><title>" +
             xml_escape_text(k.name + ": " + svg::si_label(k.throughput) + " samples/s") + "</title></circle>";
    else
      out += "<g class=\"batch-failed\" " + attributes(c, k.name) + "><title>" + xml_escape_text(k.name + ": " + k.why_not) +
             "</title><path class=\"failed\" d=\"M" + coordinate(x.at(k.batch) - 5) + " " + coordinate(kBottom - 15) + "l10 10m0 -10l-10 10\"/></g>";
  }
  return out + "</svg>";
}

std::string captions(const std::string& prefix, const std::vector<BatchCase>& cases, const std::vector<DerivedFigure>& figures) {
  std::string out = "<ul class=\"note\">";
  for (const char* suffix : {"/best_throughput", "/knee_batch", "/largest_batch_that_fits"})
    if (const DerivedFigure* f = figure_named(figures, prefix + suffix))
      out += "<li>" + xml_escape_text(f->name + " = " + format_figure_value(*f) + " = " + f->formula) + "</li>";
  for (const BatchCase& k : cases)
    if (!k.why_not.empty()) out += "<li>" + xml_escape_text(k.name + " did not run: " + k.why_not) + "</li>";
  return out + "</ul>";
}

}  // namespace

std::string batch_curves(const ReportInput& input) {
  const Comparison& c = input.comparison;
  // The current run's figures; the comparison carries the same ones.
  const std::vector<DerivedFigure>& figures = input.current && !input.current->figures.empty() ? input.current->figures : c.figures;
  std::string out;
  for (const DerivedFigure& f : figures) {
    if (f.name.size() <= kKneeSuffix.size() || !f.name.ends_with(kKneeSuffix)) continue;
    const std::string prefix = f.name.substr(0, f.name.size() - kKneeSuffix.size());
    std::vector<BatchCase> cases = sweep_cases(f, c, input.current);
    std::sort(cases.begin(), cases.end(), [](const BatchCase& a, const BatchCase& b) { return a.batch < b.batch; });
    if (const std::string plot = curve(c, prefix, cases, figures); !plot.empty())
      out += "<h3>Batch-size curve " + xml_escape_text(prefix) + "</h3>" + plot + captions(prefix, cases, figures);
  }
  return out;
}

}  // namespace perfgate::html
