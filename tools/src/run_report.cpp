#include "run_report.hpp"

#include <optional>
#include <string>

#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/input_file.hpp"
#include "perfgate/platform/report_path.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/gate/comparison_json_reader.hpp"

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

// The baseline as the comparison names it (report_path.hpp: relative to the
// project, which holds the report folder too): from this folder, else from
// a folder above the comparison file.  Nothing when no such file is there
// ("this run", "(none: ...)", a pooled baseline that moved).
std::optional<fs::path> baseline_file(const std::string& origin, const fs::path& comparison_file) {
  return find_reported_file(origin, comparison_file);
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
  // A reference build's pooled rounds lie beside the candidate's, wherever
  // the folder went (a CI artifact); a stored baseline where the comparison
  // names it.
  const std::string reference = suite.comparison.suite + ".reference.results.json";
  if (measured_alongside(suite.comparison.reference)) {
    if (const auto found = first_file({folder / reference, folder.parent_path() / "results" / reference}))
      suite.baseline = load_results(*found);
  }
  if (!suite.baseline)
    if (const auto baseline = baseline_file(suite.comparison.baseline.origin, file)) suite.baseline = load_results(*baseline);
  return suite;
}

}  // namespace perfgate::cli
