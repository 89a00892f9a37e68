// perfgate suggest RESULTS.json [--baseline BASE.json]: the explain stage on
// any results file (a suite's results, a baseline, Google Benchmark JSON).
// With a baseline it also explains the regressions of that comparison.
// Advice never fails a pipeline: exit 0, or 2 for bad input.

#include <iostream>
#include <optional>

#include "commands.hpp"
#include "perfgate/explain/explain_inputs.hpp"
#include "perfgate/gate/comparison.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/formats/input_file.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/explain/suggest.hpp"
#include "perfgate/gate/comparison_json.hpp"
#include "perfgate/reports/console_table.hpp"

namespace perfgate::cli {
namespace {

int list_rules() {
  for (const Rule& rule : all_rules()) std::cout << rule.name << "  " << rule.description << '\n';
  return kExitOk;
}

}  // namespace

int run_suggest(const SuggestCommandOptions& options) {
  if (options.list) return list_rules();
  const ExplainInputs explain_inputs(options.disable, options.baseline_dir);
  require_standard_input_once({options.results, options.baseline}, "suggest's RESULTS and --baseline");
  const Results current = load_results(options.results);
  std::optional<Results> baseline;
  if (!options.baseline.empty()) baseline = load_results(options.baseline);
  std::optional<Comparison> comparison;
  if (baseline) comparison = compare_results(*baseline, current);
  const std::vector<Suggestion> suggestions = explain(current, comparison ? &*comparison : nullptr,
                                                      baseline ? &*baseline : nullptr, explain_inputs.settings());
  if (options.json) {
    std::cout << suggestions_to_json(suggestions);
    return kExitOk;
  }
  if (suggestions.empty()) std::cout << "perfgate: no suggestions for " << input_name(options.results) << '\n';
  print_suggestions(std::cout, suggestions);
  return kExitOk;
}

}  // namespace perfgate::cli
