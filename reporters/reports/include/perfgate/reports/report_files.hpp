#pragma once
// Writing a run's reports, the same way from a suite binary and from
// `perfgate compare`: all of them or none.

#include <filesystem>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/platform/distinct_outputs.hpp"
#include "perfgate/reports/report_input.hpp"

namespace perfgate {

// One report format: the flag that asks for it (--perfgate_<flag>=FILE of a
// suite binary, --<flag> FILE of `perfgate compare` and `perfgate ab`, both
// declared from this table), how it is named in messages and help, the file
// extension its default path takes (DIR/<suite><extension>), the folder of a
// whole run's report folder that holds each suite's file of it
// (run_report_folder.hpp) and what writes it.  A new output is one write
// function and one row in report_writers(); it then appears in every
// suite's reports and in every run's report folder with no other edit.
// A writer gets the whole ReportInput: the comparison, the exit code and,
// when known, both runs' results (the HTML report plots their samples and
// counters); the writers that need only the comparison take it from there.
struct ReportWriter {
  const char* flag;       // "junit"
  const char* name;       // "the JUnit report"
  const char* help;       // "JUnit XML"
  const char* extension;  // ".junit.xml"
  const char* run_folder; // "junit": <run report folder>/junit/<suite>.junit.xml
  // Into a stream, as it goes: a big comparison's report is never held whole.
  void (*write)(const ReportInput& input, std::ostream& out);
};

// A report's whole text (for tests and the run folder's smaller files).
std::string render_report(const ReportWriter& writer, const ReportInput& input);

// Where each report goes, by its writer's flag; a report with no path (or
// an empty one) is not written.
class ReportPaths {
 public:
  // The path of the report that `flag` asks for; std::out_of_range for a
  // flag no writer has (a programming error, not input).
  std::filesystem::path& operator[](const std::string& flag);
  std::filesystem::path at(const std::string& flag) const;

  // DIR/<suite><extension> of each writer (.comparison.json, .junit.xml,
  // .md, .html) for those not set.
  void fill_defaults(const std::filesystem::path& folder, const std::string& suite);

  // Each report with its role ("the JUnit report"), for require_distinct_outputs.
  std::vector<NamedPath> named() const;

 private:
  std::map<std::string, std::filesystem::path> by_flag_;
};

// Every report format, in the order reports are rendered and written:
// the comparison JSON, JUnit XML, Markdown, HTML.
const std::vector<ReportWriter>& report_writers();

// Writes the requested reports as one set: each is written, as it is
// rendered, to a temporary file beside its target, and only when every
// temporary is on disk are they all renamed into place.  When one cannot be written the
// temporaries are removed and so are the reports of an earlier run at those
// paths (regular files only), so that a stale PASS cannot pass for this run;
// then OutputError("FILE: reason").  Special files (/dev/null, a FIFO) are
// written into, first.
void write_reports(const ReportInput& input, const ReportPaths& paths);

// Removes the regular files at these paths: a run that ends without reports
// (interrupted) leaves none of an earlier run behind.
void remove_reports(const ReportPaths& paths);

}  // namespace perfgate
