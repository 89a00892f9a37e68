// The per-kernel comparison of the cases traced on both sides: which kernel
// appeared, vanished, slowed or runs more often (it explains a verdict).

#include "html_parts.hpp"
#include "perfgate/gate/report_order.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::html {

std::string kernel_table(const ReportInput& input) {
  const Comparison& c = input.comparison;
  std::string rows;
  std::size_t count = 0;
  for (const BenchmarkComparison* b : in_report_order(c))
    for (const KernelComparison& k : b->kernels) {
      rows += "<tr class=\"kernel-row\" " + benchmark_attributes(c.suite, *b) + " data-kernel=\"" + xml_escape_attribute(k.name) +
              "\"><td>" + xml_escape_text(b->name) + "</td><td>" + xml_escape_text(k.name) + "</td><td class=\"verdict-" +
              verdict_class(k.verdict) + "\">" + to_string(k.verdict) + "</td><td class=\"num\">" +
              xml_escape_text(kernel_numbers(k)) + "</td><td>" + xml_escape_text(k.reason) + "</td></tr>";
      ++count;
    }
  if (count == 0) return "";
  return "<h3>Kernels (" + std::to_string(count) +
         ")</h3><p class=\"note\">Each traced case's kernels against the baseline's: they explain a verdict, never change "
         "it.</p><table class=\"kernels\"><thead><tr><th>benchmark</th><th>kernel</th><th>verdict</th><th>median per launch, "
         "change, calls</th><th>reason</th></tr></thead><tbody>" +
         rows + "</tbody></table>";
}

}  // namespace perfgate::html
