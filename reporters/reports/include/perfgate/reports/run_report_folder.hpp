#pragma once
// The report folder of a whole gate run, one way for every front end
// (`perfgate run --report-dir`, `perfgate report --report-dir`, and through
// the latter the sharded CI's merge job): every suite's reports, one per
// row of report_writers(), and the whole run's reports, one per row of
// run_report_writers().  A new writer row of either table appears in every
// run's folder with no other edit.

#include <filesystem>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "perfgate/platform/owned_folder.hpp"
#include "perfgate/reports/report_input.hpp"
#include "perfgate/reports/run_markdown.hpp"

namespace perfgate {

// A report of the whole run: its file in the folder, its name in messages
// and what renders it.
struct RunReportWriter {
  const char* file;  // "summary.md"
  const char* name;  // "the run's Markdown summary"
  std::string (*render)(const RunReport& run, const ReportLinks& links);
};

// summary.md (run_to_markdown, at most kMarkdownMaxBytes: a GitHub
// comment, with the links under its headline), index.html (run_to_html) and
// codequality.json (GitLab's merge request widget: gitlab_code_quality.hpp).
const std::vector<RunReportWriter>& run_report_writers();

// Every name write_run_folder() may write, from the same tables: the only
// names a run folder's OwnedFolder claims or removes ("junit/*.junit.xml").
OwnedNames run_folder_names();

// Writes into `folder` (an OwnedFolder: what it held of perfgate's before is
// the caller's to clear): for each suite, <run_folder>/<suite><extension> of
// every report_writers() row, rendered from the suite's comparison and
// results, and results/<suite>.results.json when its results are known (and
// results/<suite>.reference.results.json, a reference build's pooled rounds);
// then every run_report_writers() row.  A report that cannot be made is one
// "perfgate: error: ..." line on `errors` and is left out: the verdicts
// stand in the others, and the exit code is the caller's.  Returns the
// comparison file it wrote for each suite (for the history).
std::map<std::string, std::filesystem::path> write_run_folder(OwnedFolder& folder, const RunReport& run,
                                                              std::ostream& errors, const ReportLinks& links = {});

}  // namespace perfgate
