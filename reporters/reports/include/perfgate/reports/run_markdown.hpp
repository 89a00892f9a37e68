#pragma once
// One Markdown summary of a whole gate run (ci/perf-gate.sh runs several
// suites), for a merge-request comment or a CI job summary.

#include <cstddef>
#include <string>

#include "perfgate/reports/report_input.hpp"

namespace perfgate {

// A run-wide headline (the worst exit code and the verdict counts over every
// suite), a table of the suites (those that ran before those that were
// skipped), each suite that ran with its own summary, then each suite that
// ran nothing as one line with its count and reason; at most `max_bytes`
// long (kMarkdownMaxBytes, markdown_fit.hpp, fits a GitHub comment): the
// headline and the regressions stay, the folded per-case tables go first,
// then other detail, and a note says what went.
std::string run_to_markdown(const RunReport& run, std::size_t max_bytes);

// Where a reader of the summary finds more (`--report-url`, `--dashboard-url`).
struct ReportLinks {
  std::string report_url;     // the HTML report (an artifact's or a page's URL); empty: none
  std::string dashboard_url;  // the history dashboard; empty: none
  bool empty() const { return report_url.empty() && dashboard_url.empty(); }
};

// "[Full report](<URL>) · [Dashboard](<URL>)" and a blank line; "" without links.
std::string report_links_line(const ReportLinks& links);

// The summary with the links' line under its headline (its first
// paragraph), fitted to `max_bytes` with the links kept.
std::string run_to_markdown(const RunReport& run, std::size_t max_bytes, const ReportLinks& links);

}  // namespace perfgate
