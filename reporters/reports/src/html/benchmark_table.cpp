// Every benchmark's row, in report order: the console's table with the
// reason beside each verdict.

#include "html_parts.hpp"
#include "perfgate/gate/report_order.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::html {
namespace {

std::string cell(const std::string& text, bool number = false) {
  return std::string(number ? "<td class=\"num\">" : "<td>") + xml_escape_text(text) + "</td>";
}

std::string median(const std::optional<SampleSummary>& s) { return s ? format_seconds(s->median) : "-"; }

std::string row(const Comparison& c, const BenchmarkComparison& b) {
  return "<tr class=\"bench-row\" " + benchmark_attributes(c.suite, b) + ">" + cell(b.name) + cell(median(b.baseline), true) +
         cell(median(b.current), true) + cell(b.evidence ? format_change(b.evidence->ratio) : "-", true) +
         cell(b.evidence ? format_interval(*b.evidence) : "-", true) +
         cell(b.evidence ? format_probability(b.evidence->q_value) : "-", true) + cell(short_number(b.threshold_pct) + "%", true) +
         cell(b.detectable_pct ? short_number(*b.detectable_pct) + "%" : "-", true) +
         "<td class=\"verdict-" + verdict_class(b.verdict) + "\">" + xml_escape_text(verdict_label(b)) + "</td>" + cell(b.reason) +
         "</tr>";
}

}  // namespace

std::string benchmark_table(const ReportInput& input) {
  const Comparison& c = input.comparison;
  std::string out = "<h3>Every benchmark (" + std::to_string(c.benchmarks.size()) +
                    ")</h3><table class=\"benchmarks\"><thead><tr><th>benchmark</th><th>baseline median</th><th>current median</th>"
                    "<th>change</th><th>" +
                    xml_escape_text(confidence_label(c.settings.confidence)) +
                    " interval (ratio)</th><th>q</th><th>threshold</th><th title=\"the smallest slowdown this comparison could have "
                    "failed: (max(e^w, (1 + t) e^-w) - 1) x 100 for an interval of half-width w on the log scale and "
                    "threshold t\">could see</th><th>verdict</th><th>reason</th></tr></thead><tbody>";
  for (const BenchmarkComparison* b : in_report_order(c)) out += row(c, *b);
  return out + "</tbody></table>";
}

}  // namespace perfgate::html
