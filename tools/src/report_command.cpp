// perfgate report COMPARISON.json... [--html FILE] [--markdown FILE]
// [--report-dir DIR]: one page of a whole gate run (ci/perf-gate.sh runs
// every suite) from the comparison files its suites left, with each suite's
// results beside them when there; --report-dir writes the run's folder the
// way `perfgate run` does (the sharded CI's merge job uses it).  It exits
// with the run's gate code (the worst of the comparisons').

#include <iostream>

#include "commands.hpp"
#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/distinct_outputs.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/input_file.hpp"
#include "perfgate/platform/owned_folder.hpp"
#include "perfgate/reports/html_report.hpp"
#include "perfgate/reports/run_markdown.hpp"
#include "perfgate/reports/run_report_folder.hpp"
#include "perfgate/reports/run_status.hpp"
#include "run_report.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;

int run_report(const ReportOptions& options) {
  if (options.html.empty() && options.markdown.empty() && options.report_dir.empty())
    throw InputError("report: nothing to write: give --html FILE, --markdown FILE and/or --report-dir DIR");
  require_standard_input_once(options.comparisons, "report's COMPARISON files");
  std::vector<NamedPath> inputs;
  for (const fs::path& file : options.comparisons) inputs.push_back({file, "a comparison file"});
  require_distinct_outputs(inputs, {{options.html, "the HTML report"}, {options.markdown, "the Markdown summary"}});
  RunReport run;
  for (const fs::path& file : options.comparisons) run.push_back(read_suite_report(file));
  if (!options.report_dir.empty()) {
    OwnedFolder folder(fs::absolute(options.report_dir), "the report folder (--report-dir)", run_folder_names());
    folder.clear_previous();
    write_run_folder(folder, run, std::cerr);
    std::cout << "perfgate: report folder: " << options.report_dir.string() << "\n";
  }
  if (!options.html.empty()) {
    write_file_atomically(options.html, run_to_html(run));
    std::cout << "perfgate: HTML report: " << options.html.string() << "\n";
  }
  if (!options.markdown.empty()) {
    write_file_atomically(options.markdown, run_to_markdown(run, options.markdown_max_bytes));
    std::cout << "perfgate: Markdown summary: " << options.markdown.string() << "\n";
  }
  // The gate's exit code of the whole run, as `perfgate run` gives it: the
  // worst of the comparisons read (a page made again says what CI said).
  return run_exit_code(run);
}

}  // namespace perfgate::cli
