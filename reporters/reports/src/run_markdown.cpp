#include "perfgate/reports/run_markdown.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

#include "perfgate/reports/markdown_fit.hpp"
#include "perfgate/reports/markdown_writer.hpp"
#include "perfgate/reports/run_status.hpp"
#include "perfgate/gate/comparison_text.hpp"

namespace perfgate {
namespace {

bool ran(const SuiteReport& suite) { return suite_status(suite) != GateStatus::skipped; }

// "## ❌ perfgate: FAIL (exit 1): 9 suites (1 FAIL, 1 NOT GATED, 7 SKIPPED), ...".
std::string headline(const RunReport& run) {
  std::ostringstream out;
  out << "## " << markdown_status_mark(run_status(run)) << " perfgate: " << markdown_cell(run_summary_line(run)) << "\n\n";
  return out.str();
}

// One row a suite, worst first: its status, how much of it was gated, its
// verdict counts and its device.
std::string suite_table(const std::vector<const SuiteReport*>& suites) {
  if (suites.empty()) return {};
  std::ostringstream out;
  out << "| Suite | Status | Gated | Verdicts | Device |\n|---|---|---|---|---|\n";
  for (const SuiteReport* s : suites) {
    const Comparison& c = s->comparison;
    const GateStatus status = suite_status(*s);
    const GateCoverage coverage = gate_coverage(c);
    out << "| " << markdown_code(c.suite) << " | " << markdown_status_mark(status) << ' ' << status_text(status, s->exit_code)
        << " | " << coverage.gated << " of " << coverage.cases << " | " << markdown_cell(verdict_counts_text(c.verdict_counts()))
        << " | " << (c.current.device.slug.empty() ? "-" : markdown_code(c.current.device.slug)) << " |\n";
  }
  out << '\n';
  return out.str();
}

// One line a suite that ran nothing: its count and why.
std::string skipped_suites(const std::vector<const SuiteReport*>& suites) {
  std::ostringstream out;
  bool header = false;
  for (const SuiteReport* s : suites) {
    if (ran(*s)) continue;
    if (!header) out << "### " << markdown_status_mark(GateStatus::skipped) << " Skipped here\n\n";
    header = true;
    out << "- " << markdown_code(s->comparison.suite) << ": "
        << markdown_cell(verdict_counts_text(s->comparison.verdict_counts())) << ": "
        << markdown_cell(skip_reasons(s->comparison)) << '\n';
  }
  if (header) out << '\n';
  return out.str();
}

}  // namespace

std::string run_to_markdown(const RunReport& run, std::size_t max_bytes) {
  const std::vector<const SuiteReport*> suites = in_status_order(run);
  // The note on what the cap left out goes right under the headline.
  std::vector<MarkdownPart> parts{{MarkdownPart::Kind::essential, headline(run), ""},
                                  {MarkdownPart::Kind::essential, suite_table(suites), ""}};
  for (const SuiteReport* s : suites) {
    if (!ran(*s)) continue;
    for (MarkdownPart& part : comparison_markdown_parts(s->comparison, s->exit_code)) parts.push_back(std::move(part));
  }
  parts.push_back({MarkdownPart::Kind::essential, skipped_suites(suites), ""});
  parts.push_back({MarkdownPart::Kind::essential, markdown_footer(judged_by_text(run_perfgate_versions(run))), ""});
  return fit_markdown(std::move(parts), max_bytes, 0);
}

namespace {

// A URL as a Markdown link target: <...> keeps spaces and parentheses from
// ending it; '<', '>' and line breaks cannot be in one, so they are encoded.
std::string link_target(const std::string& url) {
  std::string out = "<";
  for (char c : url) {
    if (c == '<') out += "%3C";
    else if (c == '>') out += "%3E";
    else if (c == '\n' || c == '\r') out += c == '\n' ? "%0A" : "%0D";
    else out += c;
  }
  return out + ">";
}

}  // namespace

std::string report_links_line(const ReportLinks& links) {
  std::string line;
  if (!links.report_url.empty()) line += "[Full report](" + link_target(links.report_url) + ")";
  if (!links.dashboard_url.empty())
    line += std::string(line.empty() ? "" : " · ") + "[Dashboard](" + link_target(links.dashboard_url) + ")";
  return line.empty() ? line : line + "\n\n";
}

std::string run_to_markdown(const RunReport& run, std::size_t max_bytes, const ReportLinks& links) {
  const std::string linked = report_links_line(links);
  const std::size_t room = max_bytes > linked.size() + 1024 ? max_bytes - linked.size() : 1024;
  const std::string summary = run_to_markdown(run, room);
  const std::size_t headline_end = summary.find("\n\n");
  if (linked.empty() || headline_end == std::string::npos) return linked + summary;
  return summary.substr(0, headline_end + 2) + linked + summary.substr(headline_end + 2);
}

}  // namespace perfgate
