// perfgate compare BASE CURRENT: the gate on two files already measured.

#include <iostream>

#include "commands.hpp"
#include "perfgate/explain/explain_inputs.hpp"
#include "perfgate/gate/comparison.hpp"
#include "perfgate/gate/confirmation.hpp"
#include "perfgate/platform/distinct_outputs.hpp"
#include "perfgate/formats/input_file.hpp"
#include "perfgate/platform/report_path.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/explain/suggest.hpp"
#include "perfgate/reports/gate_stage.hpp"
#include "perfgate/reports/report_files.hpp"

namespace perfgate::cli {

int run_compare(const CompareOptions& options) {
  // Both inputs, the report paths and the rule names are validated before anything is written.
  const ReportPaths& reports = options.reports;
  require_distinct_outputs({{options.baseline, "the baseline"}, {options.current, "the current results"}},
                           reports.named());
  const ExplainInputs explain_inputs(options.suggest_disable, options.baseline_dir);
  require_standard_input_once({options.baseline, options.current}, "compare's BASE and CURRENT");
  auto [baseline, current] = load_results_pair(options.baseline, options.current);
  if (!options.suite.empty()) baseline.suite = current.suite = options.suite;
  Comparison comparison = compare_results(baseline, current, options.gate);
  comparison.baseline.origin = report_path(input_name(options.baseline));  // "<stdin>" for "-"
  comparison.current.origin = report_path(input_name(options.current));
  comparison.reference = stored_reference(comparison.baseline.origin, baseline.source.git_commit);
  // What makes an offline comparison gated, when the files are the wrong pair
  // (too few samples has its own note: sample_shortage.hpp).
  if (!comparison.comparable)
    comparison.gate_advice = "compare with a baseline measured on " + comparison.current.device.slug;
  else if (comparison.nothing_compared)
    comparison.gate_advice = "compare with a baseline of the same benchmarks";
  mark_unconfirmable(comparison, "offline comparison: there is no suite binary to re-measure with");
  return gate_stage(comparison, current, &baseline, explain_inputs.settings(), reports, std::cout);
}

}  // namespace perfgate::cli
