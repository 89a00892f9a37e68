// The current run's derived figures, each with its formula: every number
// the report prints is measured or derived by a stated formula.

#include "html_parts.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::html {

std::string figures_table(const ReportInput& input) {
  const Comparison& c = input.comparison;
  if (c.figures.empty()) return "";
  std::string out = "<h3>Derived figures (" + std::to_string(c.figures.size()) +
                    ")</h3><table class=\"figures\"><thead><tr><th>figure</th><th>value</th><th>formula</th></tr></thead><tbody>";
  for (const DerivedFigure& f : c.figures)
    out += "<tr class=\"figure-row\" data-figure=\"" + xml_escape_attribute(f.name) + "\"><td>" + xml_escape_text(f.name) +
           "</td><td class=\"num\">" + xml_escape_text(format_figure_value(f)) + "</td><td>= " + xml_escape_text(f.formula) +
           "</td></tr>";
  return out + "</tbody></table>";
}

}  // namespace perfgate::html
