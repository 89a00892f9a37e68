#pragma once
// Writing a run's reports, the same way from a suite binary and from
// `perfgate compare`.

#include <filesystem>

#include "perfgate/compare/comparison.hpp"

namespace perfgate {

struct ReportPaths {
  std::filesystem::path comparison_json;  // empty: not written
  std::filesystem::path junit;
  std::filesystem::path markdown;

  // DIR/<suite>.comparison.json, .junit.xml and .md for those not set.
  void fill_defaults(const std::filesystem::path& folder, const std::string& suite);
};

// Writes each requested report atomically.  Throws OutputError.
void write_reports(const Comparison& comparison, int exit_code, const ReportPaths& paths);

}  // namespace perfgate
