#include "perfgate/writers/gate_stage.hpp"

#include "perfgate/compare/exit_code.hpp"
#include "perfgate/writers/console_table.hpp"

namespace perfgate {

int gate_stage(Comparison& comparison, const Results& current, const Results* baseline,
               const ExplainSettings& explain_settings, const ReportPaths& paths, std::ostream& console) {
  comparison.suggestions = explain(current, &comparison, baseline, explain_settings);
  const int exit_code = gate_exit_code(comparison);
  if (comparison.nothing_compared && exit_code == kExitError) comparison.notes.push_back(nothing_compared_problem(comparison));
  print_comparison_table(console, comparison, exit_code);
  write_reports({comparison, exit_code, &current, baseline}, paths);
  return exit_code;
}

}  // namespace perfgate
