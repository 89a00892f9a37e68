#include "perfgate/reports/run_report_folder.hpp"

#include <exception>

#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/reports/gitlab_code_quality.hpp"
#include "perfgate/reports/html_report.hpp"
#include "perfgate/reports/markdown_fit.hpp"
#include "perfgate/reports/report_files.hpp"
#include "perfgate/reports/run_markdown.hpp"

namespace perfgate {
namespace fs = std::filesystem;
namespace {

std::string run_summary(const RunReport& run, const ReportLinks& links) {
  return run.empty() ? std::string() : run_to_markdown(run, kMarkdownMaxBytes, links);
}
// The HTML report and the Code Quality file link nothing.
std::string run_html(const RunReport& run, const ReportLinks&) { return run_to_html(run); }
std::string run_code_quality(const RunReport& run, const ReportLinks&) { return run_to_gitlab_code_quality(run); }

// One file: rendered, then written; a failure is said and the rest go on.
template <typename Render>
bool write_one(OwnedFolder& folder, const std::string& relative, const std::string& name, Render render,
               std::ostream& errors) {
  try {
    write_file_atomically(folder.claim(relative), render());
    return true;
  } catch (const std::exception& e) {
    errors << "perfgate: error: " << printable_text(name) << " (" << relative << ") failed: " << printable_text(e.what())
           << "; the other reports stand\n";
    return false;
  }
}

}  // namespace

const std::vector<RunReportWriter>& run_report_writers() {
  static const std::vector<RunReportWriter> writers{
      {"summary.md", "the run's Markdown summary", run_summary},
      {"index.html", "the run's HTML report", run_html},
      {"codequality.json", "the run's GitLab Code Quality report", run_code_quality},
  };
  return writers;
}

OwnedNames run_folder_names() {
  OwnedNames names;
  for (const ReportWriter& writer : report_writers())
    names.push_back(std::string(writer.run_folder) + "/*" + writer.extension);
  names.push_back("results/*.results.json");  // <suite>.results.json and <suite>.reference.results.json
  for (const RunReportWriter& writer : run_report_writers()) names.push_back(writer.file);
  return names;
}

std::map<std::string, fs::path> write_run_folder(OwnedFolder& folder, const RunReport& run, std::ostream& errors,
                                                 const ReportLinks& links) {
  std::map<std::string, fs::path> comparisons;
  for (const SuiteReport& suite : run) {
    const std::string& name = suite.comparison.suite;
    for (const ReportWriter& writer : report_writers()) {
      const std::string relative = std::string(writer.run_folder) + "/" + name + writer.extension;
      const bool written = write_one(folder, relative, std::string(writer.name) + " of " + name,
                                     [&] { return render_report(writer, suite.input()); }, errors);
      if (written && std::string(writer.flag) == "json") comparisons[name] = folder.path() / relative;
    }
    if (suite.current)
      write_one(folder, "results/" + name + ".results.json", "the results of " + name,
                [&] { return results_to_json(*suite.current); }, errors);
    // A reference measured alongside (a reference build's pooled rounds) is
    // this run's measurement too: kept beside the candidate's, so that every
    // report made from the folder shows both sides' samples by round.
    if (suite.baseline && measured_alongside(suite.comparison.reference))
      write_one(folder, "results/" + name + ".reference.results.json", "the reference's results of " + name,
                [&] { return results_to_json(*suite.baseline); }, errors);
  }
  for (const RunReportWriter& writer : run_report_writers())
    write_one(folder, writer.file, writer.name, [&] { return writer.render(run, links); }, errors);
  return comparisons;
}

}  // namespace perfgate
