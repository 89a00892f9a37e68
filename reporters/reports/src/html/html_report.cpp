// The HTML report's entry points: one suite's page, a whole run's page, and
// the section of one suite that both are made of.

#include "perfgate/reports/html_report.hpp"

#include <algorithm>

#include "html_parts.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/reports/markdown_writer.hpp"
#include "perfgate/reports/run_status.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate {
namespace html {
namespace {

std::string paragraph(const std::string& css_class, const std::string& text) {
  return "<p class=\"" + css_class + "\">" + xml_escape_text(text) + "</p>";
}

std::string run_line(const char* role, const RunInfo& run) {
  std::string line = std::string(role) + ": " + (run.origin.empty() ? "-" : run.origin);
  if (!run.git_commit.empty()) line += ", commit " + run.git_commit;
  if (!run.device.name.empty()) line += ", " + run.device.name;
  if (!run.created_utc.empty()) line += ", " + run.created_utc;
  return line;
}

// What the console prints above its table, in the same words: the warnings
// qualify a verdict (they stay under "only regressions"), the notes do not.
std::string warnings(const Comparison& c, int exit_code) {
  std::string out;
  if (gate_status(c, exit_code) == GateStatus::not_gated) out += paragraph("warning not-gated", "NOT GATED: " + not_gated_reason(c));
  if (!c.comparable) out += paragraph("warning", "INCOMPARABLE: " + c.incomparable_reason);
  if (const auto shift = environment_shift_line(c)) out += paragraph("warning", *shift);
  if (const auto throttled = throttling_line(c)) out += paragraph("warning", *throttled);
  if (const auto sight = sight_line(c)) out += paragraph("warning", *sight);
  return out;
}

std::string notes(const Comparison& c) {
  std::string out = paragraph("note", "against " + reference_text(c)) + paragraph("note", run_line("baseline", c.baseline)) +
                    paragraph("note", run_line("current", c.current));
  for (const std::string& note : c.notes) out += paragraph("note", note);
  return out;
}

// A part that is about no regression: the "only regressions" filter hides
// it whole (data-detail), whatever its rows are.
std::string detail(const char* name, const std::string& part) {
  if (part.empty()) return "";
  return "<div class=\"detail\" data-detail=\"" + std::string(name) + "\">" + part + "</div>";
}

std::size_t regression_count(const Comparison& c) {
  return static_cast<std::size_t>(std::count_if(c.benchmarks.begin(), c.benchmarks.end(),
                                                [](const BenchmarkComparison& b) { return b.verdict == Verdict::regression; }));
}

// <section class="suite ..." data-suite data-status data-regressions: what
// the filters read.
std::string section_open(const ReportInput& input, const char* css_class) {
  const Comparison& c = input.comparison;
  return "<section class=\"" + std::string(css_class) + "\" data-suite=\"" + xml_escape_attribute(c.suite) + "\" data-status=\"" +
         to_json_string(gate_status(c, input.exit_code)) + "\" data-regressions=\"" + std::to_string(regression_count(c)) + "\">";
}

}  // namespace

std::string suite_section(const ReportInput& input, bool with_banner) {
  const Comparison& c = input.comparison;
  std::string out = section_open(input, "suite") + "<h2>Suite " + xml_escape_text(c.suite) + "</h2>";
  if (with_banner)
    out += verdict_banner(gate_status(c, input.exit_code), input.exit_code, summary_line(c, input.exit_code), "verdict-" + c.suite);
  out += warnings(c, input.exit_code) + detail("notes", notes(c));
  // What needs a look first, then the overview, then the detail.  The
  // regressions, the forest plot, the samples and the full table stay under
  // "only regressions" with their regressed rows; the rest is detail.
  out += regressions_list(input) + forest_plot(input) + detail("roofline", roofline_plot(input)) +
         detail("batch-curves", batch_curves(input)) + distribution_plots(input) + detail("kernels", kernel_table(input)) +
         benchmark_table(input) + detail("figures", figures_table(input)) + detail("suggestions", other_suggestions(input));
  return out + "</section>\n";
}

std::string skipped_suite_line(const ReportInput& input) {
  const Comparison& c = input.comparison;
  return section_open(input, "suite skipped-suite") + "<p class=\"skipped-line\"><b>Suite " + xml_escape_text(c.suite) + "</b> " +
         xml_escape_text(summary_line(c, input.exit_code) + ": " + skip_reasons(c)) + "</p></section>\n";
}

}  // namespace html

std::string comparison_to_html(const ReportInput& input) {
  const Comparison& c = input.comparison;
  return html::page("perfgate: " + c.suite,
                    html::verdict_banner(gate_status(c, input.exit_code), input.exit_code, summary_line(c, input.exit_code), "verdict"),
                    {c.suite}, html::suite_section(input, false), judged_by_text(c));
}

std::string run_to_html(const RunReport& run) {
  // What needs a look first: the failing suites, then those that gated
  // nothing, then the passing ones; a suite that ran nothing is one line.
  std::vector<std::string> suites;
  std::string body;
  for (const SuiteReport* s : in_status_order(run)) {
    suites.push_back(s->comparison.suite);
    body += suite_status(*s) == GateStatus::skipped ? html::skipped_suite_line(s->input()) : html::suite_section(s->input(), true);
  }
  return html::page("perfgate: gate run",
                    html::verdict_banner(run_status(run), run_exit_code(run), run_summary_line(run), "verdict"), suites, body,
                    judged_by_text(run_perfgate_versions(run)));
}

}  // namespace perfgate
