// The HTML report's entry points: one suite's page, a whole run's page, and
// the section of one suite that both are made of.

#include "perfgate/writers/html_report.hpp"

#include <algorithm>

#include "html_parts.hpp"
#include "perfgate/compare/exit_code.hpp"
#include "perfgate/writers/run_status.hpp"
#include "perfgate/writers/text_format.hpp"
#include "perfgate/writers/xml_text.hpp"

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

// What the console prints above its table, in the same words.
std::string warnings(const Comparison& c) {
  std::string out;
  if (!c.comparable) out += paragraph("warning", "INCOMPARABLE: " + c.incomparable_reason);
  if (const auto shift = environment_shift_line(c)) out += paragraph("warning", *shift);
  if (const auto throttled = throttling_line(c)) out += paragraph("warning", *throttled);
  for (const std::string& note : c.notes) out += paragraph("note", note);
  return out;
}

}  // namespace

std::string suite_section(const ReportInput& input, bool with_banner) {
  const Comparison& c = input.comparison;
  std::string out = "<section class=\"suite\" data-suite=\"" + xml_escape_attribute(c.suite) + "\"><h2>Suite " +
                    xml_escape_text(c.suite) + "</h2>";
  if (with_banner) out += verdict_banner(input.exit_code, summary_line(c, input.exit_code), "verdict-" + c.suite);
  out += paragraph("note", run_line("baseline", c.baseline)) + paragraph("note", run_line("current", c.current));
  out += warnings(c);
  // What needs a look first, then the overview, then the detail.
  out += regressions_list(input) + forest_plot(input) + roofline_plot(input) + batch_curves(input) + distribution_plots(input) +
         kernel_table(input) + benchmark_table(input) + figures_table(input) + other_suggestions(input);
  return out + "</section>\n";
}

}  // namespace html

std::string comparison_to_html(const ReportInput& input) {
  const Comparison& c = input.comparison;
  return html::page("perfgate: " + c.suite, html::verdict_banner(input.exit_code, summary_line(c, input.exit_code), "verdict"),
                    {c.suite}, html::suite_section(input, false), judged_by_text(c));
}

namespace {

// "FAIL (exit 1): 4 suites: 1 REGRESSION, 79 NO_CHANGE": the counts over
// every suite, in report order; each suite's own line heads its section.
std::string run_summary(const RunReport& run, int exit_code) {
  const char* status = exit_code == kExitOk ? "PASS" : exit_code == kExitRegression ? "FAIL" : exit_code == kExitAllSkipped ? "SKIPPED" : "ERROR";
  std::string line = std::string(status) + " (exit " + std::to_string(exit_code) + "): " + std::to_string(run.size()) +
                     (run.size() == 1 ? " suite" : " suites");
  const auto totals = run_verdict_counts(run);
  std::vector<std::pair<Verdict, std::size_t>> counts(totals.begin(), totals.end());
  std::stable_sort(counts.begin(), counts.end(),
                   [](const auto& a, const auto& b) { return report_rank(a.first) < report_rank(b.first); });
  for (std::size_t i = 0; i < counts.size(); ++i)
    line += (i == 0 ? ": " : ", ") + std::to_string(counts[i].second) + " " + to_string(counts[i].first);
  return line;
}

}  // namespace

std::string run_to_html(const RunReport& run) {
  const int exit_code = run_exit_code(run);
  std::vector<std::string> suites;
  std::string body;
  for (const SuiteReport& s : run) {
    suites.push_back(s.comparison.suite);
    body += html::suite_section(s.input(), true);
  }
  return html::page("perfgate: gate run", html::verdict_banner(exit_code, run_summary(run, exit_code), "verdict"), suites, body,
                    judged_by_text(run_perfgate_versions(run)));
}

}  // namespace perfgate
