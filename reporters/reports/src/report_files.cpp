#include "perfgate/reports/report_files.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <exception>
#include <future>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/interruption.hpp"
#include "perfgate/gate/comparison_json.hpp"
#include "perfgate/reports/html_report.hpp"
#include "perfgate/reports/junit_writer.hpp"
#include "perfgate/reports/markdown_writer.hpp"

namespace perfgate {
namespace fs = std::filesystem;
namespace {

// A regular file (or a link) at `target`; never a device, a FIFO or a folder.
void remove_report(const fs::path& target) {
  struct stat info {};
  if (::lstat(target.c_str(), &info) == 0 && (S_ISREG(info.st_mode) || S_ISLNK(info.st_mode)) && !is_special_file(target))
    ::unlink(target.c_str());
}

struct Report {
  fs::path target;
  const ReportWriter* writer;
};

std::vector<Report> requested(const ReportPaths& paths) {
  std::vector<Report> reports;
  for (const ReportWriter& writer : report_writers())
    if (fs::path target = paths.at(writer.flag); !target.empty()) reports.push_back({std::move(target), &writer});
  return reports;
}

ContentWriter content_of(const Report& report, const ReportInput& input) {
  return [&report, &input](std::ostream& out) { report.writer->write(input, out); };
}

// Devices and FIFOs cannot be staged: they are written first, so that a
// failure there still leaves no regular report behind.
void write_special_files(const std::vector<Report>& reports, const ReportInput& input) {
  for (const Report& report : reports)
    if (is_special_file(report.target)) write_in_place(report.target, content_of(report, input));
}

// Each report is written on its own thread (the JSON and the JUnit XML of
// 100,000 cases take seconds each); the set is renamed into place only when
// every one is on disk, and a failure of any leaves no temporary.
void stage_and_commit(const std::vector<Report>& reports, const ReportInput& input) {
  const SignalsDeferred whole;  // an interruption waits until the set is in place (threads inherit the mask)
  std::vector<std::future<StagedFile>> writing;
  for (const Report& report : reports)
    if (!is_special_file(report.target))
      writing.push_back(std::async(std::launch::async, [&report, &input] {
        return StagedFile(report.target, content_of(report, input));
      }));
  std::vector<StagedFile> staged;
  std::exception_ptr failed;
  for (std::future<StagedFile>& file : writing) {
    try {
      staged.push_back(file.get());
    } catch (...) {
      if (!failed) failed = std::current_exception();  // the first report's error, in table order
    }
  }
  if (failed) std::rethrow_exception(failed);
  for (StagedFile& file : staged) file.commit();
}

// The writers that read only the comparison and the exit code, adapted to
// the table's ReportInput.
void json_report(const ReportInput& input, std::ostream& out) { write_comparison_json(input.comparison, input.exit_code, out); }
void junit_report(const ReportInput& input, std::ostream& out) { write_comparison_junit(input.comparison, input.exit_code, out); }
// The Markdown summary is capped (markdown_fit.hpp) and the HTML report
// holds its page's data whole: both are rendered, then written.
void markdown_report(const ReportInput& input, std::ostream& out) {
  out << comparison_to_markdown(input.comparison, input.exit_code);
}
void html_report(const ReportInput& input, std::ostream& out) { out << comparison_to_html(input); }

}  // namespace

const std::vector<ReportWriter>& report_writers() {
  static const std::vector<ReportWriter> writers{
      {"json", "the comparison JSON", "comparison JSON", ".comparison.json", "comparisons", json_report},
      {"junit", "the JUnit report", "JUnit XML", ".junit.xml", "junit", junit_report},
      {"markdown", "the Markdown summary", "Markdown summary", ".md", "markdown", markdown_report},
      {"html", "the HTML report", "HTML report", ".html", "html", html_report},
  };
  return writers;
}

namespace {
bool is_writer_flag(const std::string& flag) {
  for (const ReportWriter& writer : report_writers())
    if (flag == writer.flag) return true;
  return false;
}
}  // namespace

fs::path& ReportPaths::operator[](const std::string& flag) {
  if (!is_writer_flag(flag)) throw std::out_of_range("no report writer has the flag " + flag);
  return by_flag_[flag];
}

fs::path ReportPaths::at(const std::string& flag) const {
  if (!is_writer_flag(flag)) throw std::out_of_range("no report writer has the flag " + flag);
  const auto it = by_flag_.find(flag);
  return it == by_flag_.end() ? fs::path() : it->second;
}

void ReportPaths::fill_defaults(const fs::path& folder, const std::string& suite) {
  if (folder.empty()) return;
  for (const ReportWriter& writer : report_writers())
    if (fs::path& target = (*this)[writer.flag]; target.empty()) target = folder / (suite + writer.extension);
}

std::vector<NamedPath> ReportPaths::named() const {
  std::vector<NamedPath> roles;
  for (const ReportWriter& writer : report_writers()) roles.push_back({at(writer.flag), writer.name});
  return roles;
}

std::string render_report(const ReportWriter& writer, const ReportInput& input) {
  std::ostringstream out;
  writer.write(input, out);
  return std::move(out).str();
}

void write_reports(const ReportInput& input, const ReportPaths& paths) {
  const std::vector<Report> reports = requested(paths);
  try {
    write_special_files(reports, input);
    stage_and_commit(reports, input);
  } catch (const OutputError&) {
    // All or none: the reports already renamed into place go too.
    remove_reports(paths);
    throw;
  }
}

void remove_reports(const ReportPaths& paths) {
  for (const ReportWriter& writer : report_writers())
    if (const fs::path target = paths.at(writer.flag); !target.empty()) remove_report(target);
}

}  // namespace perfgate
