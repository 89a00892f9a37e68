// Regressions first, as a compact table: each one's change once, in numbers,
// with the reason for its verdict and the explain stage's suggestions about
// it open on demand; then the other suggestions.

#include "html_parts.hpp"
#include "perfgate/gate/report_order.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::html {
namespace {

std::string suggestion_html(const Suggestion& s) {
  return "<div class=\"suggestion\"><b>" + xml_escape_text(suggestion_headline(s)) + "</b><br>" + xml_escape_text(s.evidence) +
         "<br><span class=\"hint\">" + xml_escape_text(s.hint) + "</span></div>";
}

std::string cell(const std::string& text) { return "<td class=\"num\">" + xml_escape_text(text) + "</td>"; }

// One row a regression: its change stated once, in numbers; why it is a
// regression and what to do about it open on demand under its name (the
// page's script folds each why and opens it by its name's button: a page
// read without scripts shows them all; a <details> a row made the filter
// twice as slow to lay out).
std::string regression_row(const Comparison& c, const BenchmarkComparison& b) {
  std::string why = "<p>" + xml_escape_text(b.reason) + "</p>";
  for (const Suggestion* s : suggestions_for(c, b.name)) why += suggestion_html(*s);
  const ChangeCells cells = change_cells(b);
  const double threshold = b.time_decides() ? b.threshold_pct : b.counts->threshold_pct;
  return "<tr class=\"regression-row\" " + benchmark_attributes(c.suite, b) + "><td><button type=\"button\" class=\"why-toggle\">" +
         xml_escape_text(b.name) + "</button><div class=\"why\">" + why + "</div></td>" + cell(cells.change) +
         cell(cells.interval) + cell(cells.q) + cell(short_number(threshold) + "%") + "<td class=\"verdict-regression\">" +
         xml_escape_text(verdict_label(b)) + "</td></tr>";
}

}  // namespace

std::string regressions_list(const ReportInput& input) {
  const Comparison& c = input.comparison;
  std::string rows;
  std::size_t count = 0;
  for (const BenchmarkComparison* b : in_report_order(c))
    if (b->verdict == Verdict::regression) {
      rows += regression_row(c, *b);
      ++count;
    }
  const std::string heading = "<h3>Regressions (" + std::to_string(count) + ")</h3>";
  if (count == 0) return heading + "<p class=\"note\">none</p>";
  return heading + "<table class=\"regressions\"><thead><tr><th>benchmark (open for why and what to do)</th><th>change</th><th>" +
         xml_escape_text(confidence_label(c.settings.confidence)) +
         " interval (ratio)</th><th>q</th><th>threshold</th><th>verdict</th></tr></thead><tbody>" + rows + "</tbody></table>";
}

// The advice about the cases that did not regress, and about the run: after
// the plots and collapsed, since a GPU suite can have dozens of them.
std::string other_suggestions(const ReportInput& input) {
  const Comparison& c = input.comparison;
  std::string items;
  std::size_t count = 0;
  for (const Suggestion& s : c.suggestions) {
    const BenchmarkComparison* b = s.benchmark.empty() ? nullptr : c.find(s.benchmark);
    if (b && b->verdict == Verdict::regression) continue;  // shown with the regression
    items += "<div class=\"suggestion-item\"" + (b ? " " + benchmark_attributes(c.suite, *b) : std::string()) + "><i>" +
             xml_escape_text(s.benchmark.empty() ? "the run" : s.benchmark) + "</i>" + suggestion_html(s) + "</div>";
    ++count;
  }
  if (count == 0) return "";
  return "<details class=\"suggestions\"><summary class=\"h3\">Suggestions (" + std::to_string(count) + ")</summary>" + items + "</details>";
}

}  // namespace perfgate::html
