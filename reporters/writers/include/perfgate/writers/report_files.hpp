#pragma once
// Writing a run's reports, the same way from a suite binary and from
// `perfgate compare`: all of them or none.

#include <filesystem>
#include <string>
#include <vector>

#include "perfgate/compare/comparison.hpp"
#include "perfgate/model/distinct_outputs.hpp"

namespace perfgate {

struct ReportPaths;

// One report format: how it is named in messages, the file extension its
// default path takes (DIR/<suite><extension>), what renders it, and which
// ReportPaths field says where it goes.  A new output is one render function
// and one row in report_writers(), plus its path field and flag.
struct ReportWriter {
  const char* name;       // "the JUnit report"
  const char* extension;  // ".junit.xml"
  std::string (*render)(const Comparison& comparison, int exit_code);
  std::filesystem::path ReportPaths::*path;
};

struct ReportPaths {
  std::filesystem::path comparison_json;  // empty: not written
  std::filesystem::path junit;
  std::filesystem::path markdown;

  // DIR/<suite><extension> of each writer (.comparison.json, .junit.xml,
  // .md) for those not set.
  void fill_defaults(const std::filesystem::path& folder, const std::string& suite);

  // Each report with its role ("the JUnit report"), for require_distinct_outputs.
  std::vector<NamedPath> named() const;
};

// Every report format, in the order reports are rendered and written:
// the comparison JSON, JUnit XML, Markdown.
const std::vector<ReportWriter>& report_writers();

// Writes the requested reports as one set: each is rendered, then written
// to a temporary file beside its target, and only when every temporary is
// on disk are they all renamed into place.  When one cannot be written the
// temporaries are removed and so are the reports of an earlier run at those
// paths (regular files only), so that a stale PASS cannot pass for this run;
// then OutputError("FILE: reason").  Special files (/dev/null, a FIFO) are
// written into, first.
void write_reports(const Comparison& comparison, int exit_code, const ReportPaths& paths);

// Removes the regular files at these paths: a run that ends without reports
// (interrupted) leaves none of an earlier run behind.
void remove_reports(const ReportPaths& paths);

}  // namespace perfgate
