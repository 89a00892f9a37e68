#include "offline_report.hpp"

#include <iostream>

#include "perfgate/compare/exit_code.hpp"
#include "perfgate/suggest/suggest.hpp"
#include "perfgate/writers/console_table.hpp"

namespace perfgate::cli {

int explain_and_report(Comparison& comparison, const Results& current, const Results& baseline,
                       const std::string& suggest_disable, const std::filesystem::path& baseline_dir,
                       const ReportPaths& paths) {
  SuggestContext context{current, &comparison, &baseline, launch_floor(current, baseline_dir.string())};
  comparison.suggestions = suggest(context, {rule_list(suggest_disable)});
  const int exit_code = gate_exit_code(comparison);
  if (comparison.nothing_compared && exit_code == kExitError) comparison.notes.push_back(nothing_compared_problem(comparison));
  print_comparison_table(std::cout, comparison, exit_code);
  write_reports(comparison, exit_code, paths);
  return exit_code;
}

}  // namespace perfgate::cli
