// perfgate report COMPARISON.json... [--html FILE] [--markdown FILE]
// [--report-dir DIR]: one page of a whole gate run (ci/perf-gate.sh runs
// every suite) from the comparison files its suites left, with each suite's
// results beside them when there; --report-dir writes the run's folder the
// way `perfgate run` does.  It exits with the run's gate code (the worst of
// the comparisons').
//
// perfgate report --shards DIR --expected-shards N --report-dir OUT: the
// merge job of a sharded gate (ci/examples/merge-shards.sh): one folder of
// every shard's comparisons (report_shards.hpp), its summary.md led by a
// table of the shards, exiting with the worst shard's code (RunOutcome).

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
#include "report_shards.hpp"
#include "run_report.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;

namespace {

void require_shard_options(const ReportOptions& options) {
  if (!options.comparisons.empty())
    throw InputError("report: give COMPARISON files or --shards DIR, not both");
  if (options.report_dir.empty() || !options.html.empty() || !options.markdown.empty())
    throw InputError("report --shards: give --report-dir DIR (the merged run's folder), and no --html or --markdown");
  if (options.expected_shards == 0)
    throw InputError("report --shards: give --expected-shards N, how many shards the CI matrix has (a missing one "
                     "is a harness error)");
}

// The merged folder's reports and the text of its summary; false when a
// report of the whole run could not be written (said on standard error).
bool write_merged_folder(OwnedFolder& folder, const RunReport& run, const ReportLinks& links, std::string& summary) {
  summary = "no suite left a comparison in any shard";
  if (run.empty()) return true;
  write_run_folder(folder, run, std::cerr, links);
  summary = "the merged report could not be written (the job's log says why)";
  for (const RunReportWriter& writer : run_report_writers())
    if (!fs::is_regular_file(folder.path() / writer.file)) return false;
  summary = read_file(folder.path() / "summary.md");
  return true;
}

// The shards' own codes decide, not their comparisons' (a comparison's code
// is its suite's; the shard's also holds what ctest and `perfgate run` saw).
int report_shards(const ReportOptions& options) {
  require_shard_options(options);
  const ShardedRun shards = read_shards(options.shards, options.expected_shards, std::cerr);
  RunReport run;
  for (const fs::path& file : shards.comparisons()) run.push_back(read_suite_report(file));
  OwnedFolder folder(fs::absolute(options.report_dir), "the report folder (--report-dir)", run_folder_names());
  folder.clear_previous();
  std::string summary;
  const bool written = write_merged_folder(folder, run, options.links, summary);
  const RunOutcome outcome = written ? shards.outcome() : RunOutcome(RunOutcome::Severity::error);
  write_file_atomically(folder.claim("summary.md"), shards_headline(shards, outcome) + "\n" + summary + "\n");
  std::cout << "perfgate: " << shards.shards.size() << " shard(s) merged into " << options.report_dir.string()
            << "; exit code " << outcome.to_exit_code() << "\n";
  return outcome.to_exit_code();
}

}  // namespace

int run_report(const ReportOptions& options) {
  if (!options.shards.empty()) return report_shards(options);
  if (options.comparisons.empty()) throw InputError("report: COMPARISON is required (or --shards DIR)");
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
    write_run_folder(folder, run, std::cerr, options.links);
    std::cout << "perfgate: report folder: " << options.report_dir.string() << "\n";
  }
  if (!options.html.empty()) {
    write_file_atomically(options.html, run_to_html(run));
    std::cout << "perfgate: HTML report: " << options.html.string() << "\n";
  }
  if (!options.markdown.empty()) {
    write_file_atomically(options.markdown, run_to_markdown(run, options.markdown_max_bytes, options.links));
    std::cout << "perfgate: Markdown summary: " << options.markdown.string() << "\n";
  }
  // The gate's exit code of the whole run, as `perfgate run` gives it: the
  // worst of the comparisons read (a page made again says what CI said).
  return run_exit_code(run);
}

}  // namespace perfgate::cli
