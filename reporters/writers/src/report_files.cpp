#include "perfgate/writers/report_files.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <stdexcept>
#include <utility>

#include "perfgate/model/atomic_file.hpp"
#include "perfgate/model/errors.hpp"
#include "perfgate/model/interruption.hpp"
#include "perfgate/writers/comparison_json.hpp"
#include "perfgate/writers/html_report.hpp"
#include "perfgate/writers/junit_writer.hpp"
#include "perfgate/writers/markdown_writer.hpp"

namespace perfgate {
namespace fs = std::filesystem;
namespace {

using Report = std::pair<fs::path, std::string>;  // target, content

// Every report rendered before anything touches the disk.
std::vector<Report> render(const ReportInput& input, const ReportPaths& paths) {
  std::vector<Report> reports;
  for (const ReportWriter& writer : report_writers())
    if (const fs::path target = paths.at(writer.flag); !target.empty())
      reports.emplace_back(target, writer.render(input));
  return reports;
}

// A regular file (or a link) at `target`; never a device, a FIFO or a folder.
void remove_report(const fs::path& target) {
  struct stat info {};
  if (::lstat(target.c_str(), &info) == 0 && (S_ISREG(info.st_mode) || S_ISLNK(info.st_mode)) && !is_special_file(target))
    ::unlink(target.c_str());
}

// Devices and FIFOs cannot be staged: they are written first, so that a
// failure there still leaves no regular report behind.
void write_special_files(const std::vector<Report>& reports) {
  for (const auto& [target, content] : reports)
    if (is_special_file(target)) write_in_place(target, content);
}

void stage_and_commit(const std::vector<Report>& reports) {
  const SignalsDeferred whole;  // an interruption waits until the set is in place
  std::vector<StagedFile> staged;
  for (const auto& [target, content] : reports)
    if (!is_special_file(target)) staged.emplace_back(target, content);
  for (StagedFile& file : staged) file.commit();
}

// The writers that read only the comparison and the exit code, adapted to
// the table's ReportInput.
std::string json_report(const ReportInput& input) { return comparison_to_json(input.comparison, input.exit_code); }
std::string junit_report(const ReportInput& input) { return comparison_to_junit(input.comparison, input.exit_code); }
std::string markdown_report(const ReportInput& input) { return comparison_to_markdown(input.comparison, input.exit_code); }

}  // namespace

const std::vector<ReportWriter>& report_writers() {
  static const std::vector<ReportWriter> writers{
      {"json", "the comparison JSON", "comparison JSON", ".comparison.json", "comparisons", json_report},
      {"junit", "the JUnit report", "JUnit XML", ".junit.xml", "junit", junit_report},
      {"markdown", "the Markdown summary", "Markdown summary", ".md", "markdown", markdown_report},
      {"html", "the HTML report", "HTML report", ".html", "html", comparison_to_html},
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

void write_reports(const ReportInput& input, const ReportPaths& paths) {
  const std::vector<Report> reports = render(input, paths);
  try {
    write_special_files(reports);
    stage_and_commit(reports);
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
