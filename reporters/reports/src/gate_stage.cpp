#include "perfgate/reports/gate_stage.hpp"

#include <iostream>

#include "perfgate/gate/detectable_slowdown.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/reports/console_table.hpp"
#include "perfgate/reports/github_actions.hpp"
#include "perfgate/reports/markdown_writer.hpp"

namespace perfgate {

int gate_stage(Comparison& comparison, const Results& current, const Results* baseline,
               const ExplainSettings& explain_settings, const ReportPaths& paths, std::ostream& console) {
  set_detectable_slowdowns(comparison);  // what it could see, from its final intervals
  comparison.suggestions = explain(current, &comparison, baseline, explain_settings);
  const int exit_code = gate_exit_code(comparison);
  // Both files hold benchmarks, none in common (or the current one holds
  // none): most likely the wrong pair, which the note names.  A run with no
  // baseline at all is said by its NOT GATED reason instead.
  const auto counts = comparison.verdict_counts();
  const bool baseline_had_cases = counts.count(Verdict::removed) > 0;
  const bool current_had_cases = comparison.benchmarks.size() > (baseline_had_cases ? counts.at(Verdict::removed) : 0);
  if (comparison.nothing_compared && exit_code != kExitAllSkipped && (baseline_had_cases || !current_had_cases))
    comparison.notes.push_back(nothing_compared_problem(comparison));
  print_comparison_table(console, comparison, exit_code);
  write_reports({comparison, exit_code, &current, baseline}, paths);
  if (in_github_actions()) {  // into the pull request: after the reports, which the annotations name
    console << github_annotations(comparison, report_to_open(paths.at("html"), paths.at("markdown"), paths.at("junit")));
    append_step_summary(comparison_to_markdown(comparison, exit_code), std::cerr);
  }
  return exit_code;
}

}  // namespace perfgate
