#include "perfgate/writers/report_files.hpp"

#include "perfgate/model/atomic_file.hpp"
#include "perfgate/writers/comparison_json.hpp"
#include "perfgate/writers/junit_writer.hpp"
#include "perfgate/writers/markdown_writer.hpp"

namespace perfgate {

void ReportPaths::fill_defaults(const std::filesystem::path& folder, const std::string& suite) {
  if (folder.empty()) return;
  if (comparison_json.empty()) comparison_json = folder / (suite + ".comparison.json");
  if (junit.empty()) junit = folder / (suite + ".junit.xml");
  if (markdown.empty()) markdown = folder / (suite + ".md");
}

void write_reports(const Comparison& comparison, int exit_code, const ReportPaths& paths) {
  if (!paths.comparison_json.empty())
    write_file_atomically(paths.comparison_json, comparison_to_json(comparison, exit_code));
  if (!paths.junit.empty()) write_file_atomically(paths.junit, comparison_to_junit(comparison, exit_code));
  if (!paths.markdown.empty()) write_file_atomically(paths.markdown, comparison_to_markdown(comparison, exit_code));
}

}  // namespace perfgate
