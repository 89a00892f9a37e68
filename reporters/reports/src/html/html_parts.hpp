#pragma once
// The pieces of the HTML report, one concept per file under src/html/.
// Every piece takes one suite's ReportInput and returns HTML (with inline
// SVG) or "" when it has nothing to show; every element that stands for a
// benchmark carries data-benchmark, data-suite and data-verdict, which the
// page's filters and the tests read.

#include <string>
#include <vector>

#include "perfgate/gate/gate_status.hpp"
#include "perfgate/reports/report_input.hpp"

namespace perfgate::html {

// data-benchmark="..." data-suite="..." data-verdict="..." (escaped).
std::string benchmark_attributes(const std::string& suite, const BenchmarkComparison& b);
// A number for a table cell or a label: "%.3g", "n/a" when not finite.
std::string short_number(double value);
// "verdict-regression", ...: the CSS class of a verdict's colour.
std::string verdict_class(Verdict verdict);

// The forest plot and the sample distributions draw at most this many
// cases, the first in report order (the regressions, then what moved most):
// 2,000 dots or strips are read by nobody, and they were 6.8 MB of a
// 2,000-case page of 8 MB. Every case stays in the table of benchmarks.
constexpr std::size_t kCasesDrawn = 40;
// "The first 60 of 2000 in report order ..." when some were left out, else "".
std::string drawn_note(std::size_t drawn, std::size_t of);

// The page: <!DOCTYPE html> with the CSP, the style, `body`, a footer
// (`footer`: which perfgate judged, judged_by_text()) and the filter script.
// `suites` names the suites for the suite filter, in the page's order.
std::string page(const std::string& title, const std::string& verdict_banner, const std::vector<std::string>& suites,
                 const std::string& body, const std::string& footer);
// "PASS (exit 0): ..." in a banner coloured by the status (NOT GATED is not
// PASS's green), with data-status and data-exit-code for tests.
std::string verdict_banner(GateStatus status, int exit_code, const std::string& summary, const std::string& id);

// One suite's section: its verdict, notes, regressions first with reasons
// and suggestions, and every plot and table below.  The section carries
// data-suite, data-status and data-regressions (its REGRESSION count); the
// parts about no regression (notes, roofline, batch curves, kernels, derived
// figures, other suggestions) are wrapped in data-detail elements, which the
// "only regressions" filter hides whole.
std::string suite_section(const ReportInput& input, bool with_banner);
// A suite that ran nothing (status SKIPPED), folded to one line in a
// section of its own: its name, status, counts and why its cases skipped.
std::string skipped_suite_line(const ReportInput& input);
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
