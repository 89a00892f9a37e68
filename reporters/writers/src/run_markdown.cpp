#include "perfgate/writers/run_markdown.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

#include "perfgate/compare/exit_code.hpp"
#include "perfgate/writers/markdown_fit.hpp"
#include "perfgate/writers/markdown_writer.hpp"
#include "perfgate/writers/run_status.hpp"
#include "perfgate/writers/text_format.hpp"

namespace perfgate {
namespace {

bool ran(const SuiteReport& suite) { return suite.exit_code != kExitAllSkipped; }

// The suites that ran first, in the run's order, then those that ran nothing.
std::vector<const SuiteReport*> in_run_order(const RunReport& run) {
  std::vector<const SuiteReport*> suites;
  for (const SuiteReport& s : run) suites.push_back(&s);
  std::stable_partition(suites.begin(), suites.end(), [](const SuiteReport* s) { return ran(*s); });
  return suites;
}

std::string counted(std::size_t n, const char* what) { return std::to_string(n) + " " + what; }

// "## ❌ perfgate: FAIL (exit 1): 9 suites (2 ran, 7 skipped): 1 REGRESSION, ...".
std::string headline(const RunReport& run) {
  const int exit_code = run_exit_code(run);
  const auto ran_count = static_cast<std::size_t>(std::count_if(run.begin(), run.end(), ran));
  std::ostringstream out;
  out << "## " << markdown_status_mark(exit_code) << " perfgate: " << status_text(exit_code) << ": "
      << counted(run.size(), run.size() == 1 ? "suite" : "suites") << " (" << ran_count << " ran, "
      << run.size() - ran_count << " skipped): " << markdown_cell(verdict_counts_text(run_verdict_counts(run)))
      << "\n\n";
  return out.str();
}

// One row a suite: its status, its verdict counts and its device.
std::string suite_table(const std::vector<const SuiteReport*>& suites) {
  if (suites.empty()) return {};
  std::ostringstream out;
  out << "| Suite | Status | Verdicts | Device |\n|---|---|---|---|\n";
  for (const SuiteReport* s : suites) {
    const Comparison& c = s->comparison;
    out << "| " << markdown_code(c.suite) << " | " << markdown_status_mark(s->exit_code) << ' '
        << status_text(s->exit_code) << " | " << markdown_cell(verdict_counts_text(c.verdict_counts())) << " | "
        << (c.current.device.slug.empty() ? "-" : markdown_code(c.current.device.slug)) << " |\n";
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
    if (!header) out << "### " << markdown_status_mark(kExitAllSkipped) << " Skipped here\n\n";
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
  const std::vector<const SuiteReport*> suites = in_run_order(run);
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

}  // namespace perfgate
