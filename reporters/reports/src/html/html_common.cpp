// Small pieces every part of the HTML report shares.

#include <cmath>
#include <cstdio>

#include "html_parts.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::html {

std::string benchmark_attributes(const std::string& suite, const BenchmarkComparison& b) {
  return "data-benchmark=\"" + xml_escape_attribute(b.name) + "\" data-suite=\"" + xml_escape_attribute(suite) +
         "\" data-verdict=\"" + to_string(b.verdict) + "\"";
}

std::string short_number(double value) {
  if (!std::isfinite(value)) return "n/a";
  char text[48];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

std::string verdict_class(Verdict verdict) {
  switch (verdict) {
    case Verdict::regression: return "regression";
    case Verdict::improvement: return "improvement";
    case Verdict::no_change: return "no-change";
    case Verdict::inconclusive: return "inconclusive";
    default: return "other";  // NEW, REMOVED, ERROR, INCOMPARABLE and any later one
  }
}

std::string drawn_note(std::size_t drawn, std::size_t of) {
  if (drawn >= of) return "";
  return "<p class=\"note\">The first " + std::to_string(drawn) + " of " + std::to_string(of) +
         " cases in report order (regressions first, then the largest changes); every case is in the table below.</p>";
}

}  // namespace perfgate::html
