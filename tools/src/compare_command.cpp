// perfgate compare BASE CURRENT: the gate on two files already measured.

#include <iostream>

#include "commands.hpp"
#include "perfgate/compare/comparison.hpp"
#include "perfgate/compare/confirmation.hpp"
#include "perfgate/model/distinct_outputs.hpp"
#include "perfgate/model/input_file.hpp"
#include "perfgate/model/results_io.hpp"
#include "perfgate/suggest/suggest.hpp"
#include "perfgate/writers/gate_stage.hpp"
#include "perfgate/writers/report_files.hpp"

namespace perfgate::cli {

int run_compare(const CompareOptions& options) {
  // Both inputs, the report paths and the rule names are validated before anything is written.
  const ReportPaths& reports = options.reports;
  require_distinct_outputs({{options.baseline, "the baseline"}, {options.current, "the current results"}},
                           reports.named());
  require_known_rules(rule_list(options.suggest_disable));
  require_standard_input_once({options.baseline, options.current}, "compare's BASE and CURRENT");
  const Results baseline = load_results(options.baseline);
  const Results current = load_results(options.current);
  Comparison comparison = compare_results(baseline, current, options.gate);
  comparison.baseline.origin = input_name(options.baseline);  // "<stdin>" for "-"
  comparison.current.origin = input_name(options.current);
  mark_unconfirmable(comparison, "offline comparison: there is no suite binary to re-measure with");
  return gate_stage(comparison, current, &baseline, {rule_list(options.suggest_disable), options.baseline_dir}, reports,
                    std::cout);
}

}  // namespace perfgate::cli
