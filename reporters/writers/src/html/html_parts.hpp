#pragma once
// The pieces of the HTML report, one concept per file under src/html/.
// Every piece takes one suite's ReportInput and returns HTML (with inline
// SVG) or "" when it has nothing to show; every element that stands for a
// benchmark carries data-benchmark, data-suite and data-verdict, which the
// page's filters and the tests read.

#include <string>
#include <vector>

#include "perfgate/writers/report_input.hpp"

namespace perfgate::html {

// data-benchmark="..." data-suite="..." data-verdict="..." (escaped).
std::string benchmark_attributes(const std::string& suite, const BenchmarkComparison& b);
// A number for a table cell or a label: "%.3g", "n/a" when not finite.
std::string short_number(double value);
// "verdict-regression", ...: the CSS class of a verdict's colour.
std::string verdict_class(Verdict verdict);

// The page: <!DOCTYPE html> with the CSP, the style, `body`, a footer
// (`footer`: which perfgate judged, judged_by_text()) and the filter script.
// `suites` names the suites for the suite filter.
std::string page(const std::string& title, const std::string& verdict_banner, const std::vector<std::string>& suites,
                 const std::string& body, const std::string& footer);
// "PASS (exit 0): ..." in a banner coloured by the exit code.
std::string verdict_banner(int exit_code, const std::string& summary, const std::string& id);

// One suite's section: its verdict, notes, regressions first with reasons
// and suggestions, and every plot and table below.
std::string suite_section(const ReportInput& input, bool with_banner);
std::string regressions_list(const ReportInput& input);
std::string other_suggestions(const ReportInput& input);
std::string benchmark_table(const ReportInput& input);
std::string forest_plot(const ReportInput& input);
std::string distribution_plots(const ReportInput& input);
std::string roofline_plot(const ReportInput& input);
std::string batch_curves(const ReportInput& input);
std::string kernel_table(const ReportInput& input);
std::string figures_table(const ReportInput& input);

}  // namespace perfgate::html
