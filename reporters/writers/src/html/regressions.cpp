// Regressions first: each with its numbers, the reason for its verdict and
// the explain stage's suggestions about it; then the other suggestions.

#include <set>

#include "html_parts.hpp"
#include "perfgate/writers/report_order.hpp"
#include "perfgate/writers/text_format.hpp"
#include "perfgate/writers/xml_text.hpp"

namespace perfgate::html {
namespace {

std::string suggestion_html(const Suggestion& s) {
  return "<div class=\"suggestion\"><b>" + xml_escape_text(suggestion_headline(s)) + "</b><br>" + xml_escape_text(s.evidence) +
         "<br><span class=\"hint\">" + xml_escape_text(s.hint) + "</span></div>";
}

std::string numbers(const Comparison& c, const BenchmarkComparison& b) {
  if (!b.evidence) return "";
  return format_change(b.evidence->ratio) + ", " + confidence_label(c.settings.confidence) + " interval of the ratio " +
         format_interval(*b.evidence) + ", q = " + format_probability(b.evidence->q_value) + ", threshold " +
         short_number(b.threshold_pct) + "%";
}

std::string regression_html(const Comparison& c, const BenchmarkComparison& b) {
  std::string out = "<div class=\"regression\" " + benchmark_attributes(c.suite, b) + "><b>" + xml_escape_text(b.name) +
                    "</b> <span class=\"verdict-regression\">" + xml_escape_text(verdict_label(b)) + "</span> " +
                    xml_escape_text(numbers(c, b)) + "<br>" + xml_escape_text(b.reason);
  for (const Suggestion* s : suggestions_for(c, b.name)) out += suggestion_html(*s);
  return out + "</div>";
}

}  // namespace

std::string regressions_list(const ReportInput& input) {
  const Comparison& c = input.comparison;
  std::string regressions;
  std::set<std::string> shown;
  for (const BenchmarkComparison* b : in_report_order(c))
    if (b->verdict == Verdict::regression) {
      regressions += regression_html(c, *b);
      shown.insert(b->name);
    }
  return "<h3>Regressions (" + std::to_string(shown.size()) + ")</h3>" +
         (regressions.empty() ? "<p class=\"note\">none</p>" : regressions);
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
