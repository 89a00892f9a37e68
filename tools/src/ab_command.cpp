// perfgate ab: two builds of one suite measured alternately on this machine,
// each side's rounds pooled, and the candidate gated against the baseline
// build (interleaved_rounds.hpp, the code path `perfgate run --against`
// takes for each suite).

#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "interleaved_rounds.hpp"
#include "perfgate/explain/explain_inputs.hpp"
#include "perfgate/baselines/baseline_store.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/gate/reference.hpp"
#include "perfgate/platform/distinct_outputs.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/report_path.hpp"
#include "perfgate/explain/suggest.hpp"
#include "perfgate/reports/report_files.hpp"
#include "subprocess.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

// Both binaries are checked before anything is measured.
void require_runnable(const fs::path& binary, const char* side) {
  if (binary.empty()) throw InputError(std::string("ab: no ") + side + " binary given");
  std::error_code error;
  if (!fs::is_regular_file(binary, error)) throw InputError(binary.string() + ": no such file (the " + side + " binary)");
  if (::access(binary.c_str(), X_OK) != 0) throw InputError(binary.string() + ": not executable (the " + side + " binary)");
}

// One record-mode run of a suite binary: the suite's flags after `--`, then
// the round's (later flags win).
InterleavedSide binary_side(const std::string& name, const fs::path& binary, const AbOptions& options) {
  InterleavedSide side;
  side.name = name;
  side.measure = [name, binary, &options](const RoundRequest& request) {
    std::vector<std::string> args = options.suite_args;
    if (!request.filter.empty()) args.push_back("--benchmark_filter=" + request.filter);
    args.push_back("--perfgate_mode=record");
    args.push_back("--perfgate_results=" + request.file.string());
    args.push_back("--benchmark_repetitions=" + std::to_string(request.repetitions));
    const int code = run_program(binary, args, temporary_round_environment(request.count));
    if (code == kExitAllSkipped)
      return RoundOutcome{RoundOutcome::all_skipped, name + " " + binary.string() + ": every case was skipped here; nothing to compare"};
    if (code != kExitOk)
      return RoundOutcome{RoundOutcome::failed, "ab: " + name + " " + binary.string() + " exited with " + std::to_string(code) +
                                                    " in round " + std::to_string(request.round) +
                                                    " (a case failed or it could not run)"};
    return RoundOutcome{};
  };
  return side;
}

InterleavedPlan plan_of(const AbOptions& options) {
  InterleavedPlan plan;
  plan.rounds = options.rounds;
  plan.repetitions = options.repetitions;
  plan.remeasure_repetitions = options.remeasure_repetitions;
  plan.remeasure_seconds = options.remeasure_seconds;
  plan.gate = options.gate;
  plan.suite = options.suite;
  plan.count = options.instructions;
  return plan;
}

}  // namespace

int run_ab(const AbOptions& options) {
  const ExplainInputs explain_inputs(options.suggest_disable, options.baseline_dir);
  require_runnable(options.baseline_bin, "baseline");
  require_runnable(options.candidate_bin, "candidate");
  if (options.instructions) require_valgrind("--instructions");
  ReportPaths reports = options.reports;
  require_distinct_outputs({{options.baseline_bin, "the baseline binary"}, {options.candidate_bin, "the candidate binary"}},
                           reports.named());
  InterleavedSide baseline = binary_side("baseline", options.baseline_bin, options);
  InterleavedSide candidate = binary_side("candidate", options.candidate_bin, options);
  InterleavedOutcome outcome = measure_interleaved(baseline, candidate, plan_of(options));
  if (outcome.status == InterleavedOutcome::all_skipped) {
    std::cerr << "perfgate: ab: " << outcome.problem << '\n';
    return kExitAllSkipped;
  }
  if (outcome.status == InterleavedOutcome::failed) throw InputError(outcome.problem);
  Comparison& comparison = outcome.comparison;
  comparison.reference = binary_reference(report_path(options.baseline_bin), outcome.reference.source.git_commit);
  comparison.baseline.origin = report_path(options.baseline_bin);
  comparison.current.origin = report_path(options.candidate_bin);
  // --out-dir: the suite's reports and both sides' pooled results there, as
  // a suite binary's --perfgate_out_dir and `perfgate run` leave them.
  fs::path results_dir;
  if (!options.out_dir.empty()) {
    reports.fill_defaults(options.out_dir, outcome.candidate.suite);
    results_dir = options.out_dir;
    fs::create_directories(results_dir);
  }
  return report_interleaved(outcome, reports, results_dir, explain_inputs.settings(), std::cout);
}

}  // namespace perfgate::cli
