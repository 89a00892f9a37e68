// perfgate report COMPARISON.json... --html FILE [--markdown FILE]: one page
// of a whole gate run (ci/perf-gate.sh runs every suite) from the comparison
// files its suites left, with each suite's results beside them when there.

#include <fstream>
#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "perfgate/model/atomic_file.hpp"
#include "perfgate/model/distinct_outputs.hpp"
#include "perfgate/model/errors.hpp"
#include "perfgate/model/results_io.hpp"
#include "perfgate/writers/comparison_json_reader.hpp"
#include "perfgate/writers/html_report.hpp"
#include "perfgate/writers/run_markdown.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

std::string read_comparison_file(const fs::path& file) {
  std::error_code error;
  if (!fs::is_regular_file(file, error)) throw InputError(file.string() + ": not a readable file");
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) throw InputError(file.string() + ": cannot be read");
  return text.str();
}

// The baseline as the comparison names it: a path from where the suite ran
// (this folder, when perf-gate.sh runs both from the checkout), else from
// beside the comparison file.  Nothing when neither is a file ("this run",
// a pooled baseline that moved).
std::optional<fs::path> baseline_file(const std::string& origin, const fs::path& comparison_file) {
  if (origin.empty()) return std::nullopt;
  std::error_code error;
  for (const fs::path& candidate : {fs::path(origin), comparison_file.parent_path() / origin})
    if (fs::is_regular_file(candidate, error)) return candidate;
  return std::nullopt;
}

SuiteReport read_suite(const fs::path& file) {
  SuiteReport suite;
  suite.comparison = comparison_from_json(read_comparison_file(file), file.string(), &suite.exit_code);
  std::error_code error;
  // <suite>.results.json is what a suite binary writes beside <suite>.comparison.json.
  if (const fs::path current = file.parent_path() / (suite.comparison.suite + ".results.json"); fs::is_regular_file(current, error))
    suite.current = load_results(current);
  if (const auto baseline = baseline_file(suite.comparison.baseline.origin, file)) suite.baseline = load_results(*baseline);
  return suite;
}

}  // namespace

int run_report(const ReportOptions& options) {
  if (options.html.empty() && options.markdown.empty())
    throw InputError("perfgate report: nothing to write: give --html FILE and/or --markdown FILE");
  std::vector<NamedPath> inputs;
  for (const fs::path& file : options.comparisons) inputs.push_back({file, "a comparison file"});
  require_distinct_outputs(inputs, {{options.html, "the HTML report"}, {options.markdown, "the Markdown summary"}});
  RunReport run;
  for (const fs::path& file : options.comparisons) run.push_back(read_suite(file));
  if (!options.html.empty()) {
    write_file_atomically(options.html, run_to_html(run));
    std::cout << "perfgate: HTML report: " << options.html.string() << "\n";
  }
  if (!options.markdown.empty()) {
    write_file_atomically(options.markdown, run_to_markdown(run, options.markdown_max_bytes));
    std::cout << "perfgate: Markdown summary: " << options.markdown.string() << "\n";
  }
  return 0;
}

}  // namespace perfgate::cli
