#include "main/gate_measured_run.hpp"

#include <iostream>

#include "main/baseline_advice.hpp"
#include "main/measured_exit_code.hpp"
#include "main/output_paths.hpp"
#include "main/remeasure_open_cases.hpp"
#include "main/run_notes.hpp"
#include "perfgate/explain/explain_inputs.hpp"
#include "perfgate/explain/suggest.hpp"
#include "perfgate/gate/comparison.hpp"
#include "perfgate/gate/gate_status.hpp"
#include "perfgate/platform/interruption.hpp"
#include "perfgate/reports/gate_stage.hpp"

namespace perfgate {
namespace {

// Every case skipped: nothing to judge, so no reference is needed.
Comparison skipped_comparison(const Results& current, const MainOptions& options) {
  Comparison comparison = compare_results(Results{}, current, options.gate);  // every case: SKIPPED
  comparison.baseline.origin = "(not needed: every case was skipped)";
  comparison.reference = no_reference("not needed: every case was skipped");
  return comparison;
}

// The cases judged against the reference chosen before measuring, the open
// ones measured again until decided.
Comparison judged_comparison(const Results& current, const RunReference& reference, const std::vector<std::string>& args,
                             const MainOptions& options, const RunSpreadHistory* spreads) {
  Results none;
  none.suite = current.suite;
  Comparison comparison = compare_results(reference.baseline ? *reference.baseline : none, current, options.gate, spreads);
  comparison.reference = reference.reference;
  comparison.baseline.origin = reference.origin;
  comparison.notes.insert(comparison.notes.end(), reference.notes.begin(), reference.notes.end());
  if (nothing_gated(comparison))
    comparison.gate_advice = gate_advice(current.suite, current.fingerprint.slug, results_path(options, current.suite), options);
  if (reference.baseline) remeasure_open_cases(comparison, *reference.baseline, current, args, options);
  say_a_shared_machine_may_be_the_cause(comparison);
  return comparison;
}

int gate(const Results& current, const RunReference& reference, const RunBaselines& baselines,
         const std::vector<std::string>& args, const MainOptions& options, const RunSpreadHistory* spreads) {
  const bool skipped = every_case_skipped(current);
  Comparison comparison =
      skipped ? skipped_comparison(current, options) : judged_comparison(current, reference, args, options, spreads);
  comparison.current.origin = "this run";
  say_which_faults_were_planted(comparison);
  // Another device's baseline was there only to name INCOMPARABLE cases.
  const bool used = reference.baseline && !(skipped && reference.another_device);
  std::ostream& out = options.display_format == "console" ? std::cout : std::cerr;
  return gate_stage(comparison, current, used ? &*reference.baseline : nullptr,
                    explain_settings(options.suggest_disable, baselines.store()), report_paths(options, current.suite), out);
}

}  // namespace

int gate_measured_run(const Results& current, const RunReference& reference, const RunBaselines& baselines,
                      const std::vector<std::string>& args, const MainOptions& options, const RunSpreadHistory* spreads) {
  try {
    return gate(current, reference, baselines, args, options, spreads);
  } catch (const Interrupted&) {
    remove_reports(report_paths(options, current.suite));
    throw;
  }
}

}  // namespace perfgate
