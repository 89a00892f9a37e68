#include "run_ctest_output.hpp"

#include <regex>

namespace perfgate::cli {
namespace {

// ctest -V puts "N: " before each line a test printed.
std::string without_test_prefix(const std::string& line) {
  static const std::regex prefix(R"(^[0-9]+: )");
  return std::regex_replace(line, prefix, "", std::regex_constants::format_first_only);
}

bool starts_with(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

bool is_progress_line(const std::string& line) {
  static const std::regex progress(R"(^\[[0-9]+/[0-9?]+\] )");
  return std::regex_search(line, progress);
}

// ctest's own lines: a test starting, a test's result, the summary.
bool is_ctest_line(const std::string& raw) {
  static const std::regex ctest(
      R"(^ *Start +[0-9]+:|Test +#[0-9]+:|tests passed|Total Test time|The following tests|^[ \t]+[0-9]+ - )");
  return std::regex_search(raw, ctest);
}

bool ends_table(const std::string& line) {
  static const std::regex status(R"(^perfgate: (PASS|FAIL|ERROR|SKIPPED) \(exit [0-9]+\))");
  return std::regex_search(line, status);
}

}  // namespace

std::optional<std::string> CtestOutputFilter::filter(const std::string& raw) {
  const std::string line = without_test_prefix(raw);
  // The table's first line names the suite quoted ("perfgate: suite 'host'
  // against ..."); a warning that starts "perfgate: suite host has no
  // baseline ..." does not start one.
  if (starts_with(line, "perfgate: suite '")) in_table_ = true;
  // A suite's GitHub annotations (github_actions.hpp) reach the log, where the runner reads them.
  const bool annotation = starts_with(line, "::error ") || starts_with(line, "::warning ");
  const bool shown = in_table_ || annotation || is_progress_line(line) || starts_with(line, "perfgate: ") || is_ctest_line(raw);
  if (ends_table(line)) in_table_ = false;
  if (!shown) return std::nullopt;
  return line;
}

std::optional<CtestResult> parse_ctest_result(const std::string& line) {
  static const std::regex result(R"(Test +#[0-9]+: (\S+) \.*\s*(?:\*\*\*)?([A-Za-z]+))");
  std::smatch m;
  if (!std::regex_search(line, m, result)) return std::nullopt;
  const std::string word = m[2];
  const CtestStatus status =
      word == "Passed" ? CtestStatus::passed : word == "Skipped" ? CtestStatus::skipped : CtestStatus::failed;
  return CtestResult{m[1], status};
}

}  // namespace perfgate::cli
