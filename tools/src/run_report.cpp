#include "run_report.hpp"

#include <optional>
#include <string>

#include "perfgate/model/errors.hpp"
#include "perfgate/model/input_file.hpp"
#include "perfgate/model/results_io.hpp"
#include "perfgate/writers/comparison_json_reader.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

// The first of `candidates` that is a regular file.
std::optional<fs::path> first_file(std::initializer_list<fs::path> candidates) {
  std::error_code error;
  for (const fs::path& candidate : candidates)
    if (!candidate.empty() && fs::is_regular_file(candidate, error)) return candidate;
  return std::nullopt;
}

// The baseline as the comparison names it: a path from where the suite ran
// (this folder, when perf-gate.sh runs both from the checkout), else from
// beside the comparison file.  Nothing when neither is a file ("this run",
// a pooled baseline that moved).
std::optional<fs::path> baseline_file(const std::string& origin, const fs::path& comparison_file) {
  if (origin.empty()) return std::nullopt;
  return first_file({fs::path(origin), comparison_file.parent_path() / origin});
}

}  // namespace

SuiteReport read_suite_report(const fs::path& file) {
  SuiteReport suite;
  // "-": standard input (input_file.hpp), its beside-files then in this folder.
  suite.comparison = comparison_from_json(read_input(file), input_name(file), &suite.exit_code);
  // <suite>.results.json is what a suite binary writes beside <suite>.comparison.json.
  const std::string results = suite.comparison.suite + ".results.json";
  std::error_code error;
  const fs::path folder = fs::absolute(file, error).parent_path();
  if (const auto current = first_file({folder / results, folder.parent_path() / "results" / results}))
    suite.current = load_results(*current);
  if (const auto baseline = baseline_file(suite.comparison.baseline.origin, file)) suite.baseline = load_results(*baseline);
  return suite;
}

}  // namespace perfgate::cli
