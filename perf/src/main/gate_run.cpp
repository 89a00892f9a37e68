#include "main/gate_run.hpp"

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "perfgate/baselines/baseline_refresh.hpp"
#include "perfgate/gate/comparison.hpp"
#include "perfgate/gate/confirmation.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/gate/gate_status.hpp"
#include "perfgate/gate/sequential_remeasure.hpp"
#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/platform/distinct_outputs.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/fault_switch.hpp"
#include "perfgate/platform/interruption.hpp"
#include "perfgate/platform/report_path.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/model/suite_name.hpp"
#include "roofline/device_ceilings.hpp"
#include "main/main_options.hpp"
#include "perfgate/runtime/suite_info.hpp"
#include "runtime/cpu_identity.hpp"
#include "runtime/recorded_command.hpp"
#include "cuda/this_device.hpp"
#include "perfgate/explain/suggest.hpp"
#include "perfgate/reports/gate_stage.hpp"
#include "perfgate/reports/report_files.hpp"
#include "baseline_advice.hpp"
#include "baseline_location.hpp"
#include "case_runner.hpp"
#include "case_worker.hpp"
#include "measure_suite.hpp"
#include "remeasure_round.hpp"
#include "run_history.hpp"
#include "worker_protocol.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;

// The name names files (<suite>.results.json, the baseline): checked like
// --perfgate_suite, also when it comes from the program's file name.
std::string suite_name(const MainOptions& options, const std::string& argv0) {
  if (!options.suite.empty()) return options.suite;
  if (this_suite.name && *this_suite.name) return this_suite.name;
  std::string name = fs::path(argv0).filename().string();
  if (name.rfind("perf_", 0) == 0) name = name.substr(5);
  require_suite_name(name, argv0 + ": the suite's name (pass --perfgate_suite=NAME)");
  return name;
}

bool wants_listing(const std::vector<std::string>& args) {
  return std::any_of(args.begin(), args.end(), [](const std::string& a) {
    return a == "--benchmark_list_tests" || a == "--benchmark_list_tests=true";
  });
}

bool every_case_skipped(const Results& results) {
  return std::all_of(results.benchmarks.begin(), results.benchmarks.end(),
                     [](const BenchmarkResult& b) { return b.skipped && !b.error; });
}

bool any_case_failed(const Results& results) {
  return std::any_of(results.benchmarks.begin(), results.benchmarks.end(),
                     [](const BenchmarkResult& b) { return b.error.has_value(); });
}

int run_exit_code(const Results& results) {
  if (any_case_failed(results)) return kExitError;
  return every_case_skipped(results) ? kExitAllSkipped : kExitOk;
}

fs::path results_path(const MainOptions& options, const std::string& suite) {
  if (!options.results.empty()) return options.results;
  if (!options.out_dir.empty()) return options.out_dir / (suite + ".results.json");
  return {};
}

ReportPaths report_paths(const MainOptions& options, const std::string& suite) {
  ReportPaths paths = options.reports;
  paths.fill_defaults(options.out_dir, suite);
  return paths;
}

// Outputs are written by rename: one that names the baseline (or the
// calibration) would replace it.  Checked before the baseline is read.
void require_outputs_apart(const MainOptions& options, const std::string& suite, const fs::path& baseline_file,
                           const fs::path& calibration) {
  std::vector<NamedPath> outputs = report_paths(options, suite).named();
  outputs.push_back({results_path(options, suite), "the results JSON"});
  require_distinct_outputs({{baseline_file, "the baseline"}, {calibration, "the device calibration"}}, outputs);
}

// Ctrl-C or a CI timeout while measuring: the worker's journal, the only
// copy of the finished cases, was in a scratch folder that is gone now, so
// they are written here; an earlier run's reports are removed, since this
// run has none.  Then the process dies of the signal (run_reporting_errors).
[[noreturn]] void keep_finished_cases(const Results& partial, const MainOptions& options, int signal) {
  const fs::path file = results_path(options, partial.suite);
  std::cerr << "perfgate: interrupted by " << describe_signal(signal) << " with " << partial.benchmarks.size()
            << " case(s) finished";
  if (!file.empty() && !partial.benchmarks.empty()) {
    save_results(partial, file);
    std::cerr << "; written to " << file.string();
  }
  std::cerr << '\n';
  if (options.mode == RunMode::gate) remove_reports(report_paths(options, partial.suite));
  throw Interrupted{signal};
}

// No baseline for this device, said before measuring: the cases will be NEW
// (no baseline anywhere) or INCOMPARABLE (another device's only), the run
// NOT GATED, exit 0 (a suite's first runs must not break a pipeline).  With
// --perfgate_require_gated nothing measured could pass, so the run stops
// here, exit 2, unless every case will be skipped anyway (77).
void say_what_gates(const MainOptions& options, const std::string& suite, const Fingerprint& device,
                    const std::string& history_shortage) {
  const std::optional<fs::path> other = other_device_baseline(options, suite);
  std::string warning = not_gated_warning(suite, device.slug, other, results_path(options, suite), options);
  if (!history_shortage.empty()) warning += "; the history cannot stand in: " + history_shortage;
  const bool all_will_skip = this_suite.gpu && device.kind != DeviceKind::gpu;
  if (options.gate.require_gated && !all_will_skip)
    throw InputError("--perfgate_require_gated: " + warning + "; nothing measured");
  std::cerr << "perfgate: " << warning << '\n';
}

// What the run is judged against: the suite's baseline file of this device,
// or its history (the testbed's last main runs), or nothing yet; named by
// reference.hpp's factory once it is known.
struct Judged {
  std::optional<Results> baseline;
  fs::path file;                 // the baseline file (of this device), when there is one
  std::optional<Reference> history;  // the history reference, when it stands in for the file
  std::string history_origin;        // how the history describes its runs ("history: last 5 main runs ...")
  std::string history_shortage;  // why the history could not ("history: 2 main runs ..., 5 needed")
  std::vector<std::string> history_notes;  // the runs and case values of the history left out, named
};

// A suite with no baseline of this device but a history of main runs on
// this testbed is judged against those runs (a committed baseline, the pin
// a team reviews, always wins); too few runs leave it NOT GATED, saying how
// many there are.
void reference_from_history(RunHistory& history, const Fingerprint& device, const std::string& suite,
                            const MainOptions& options, Judged& reference) {
  RunHistory::Reference found = history.reference(device, suite, static_cast<std::size_t>(options.history_runs));
  if (found.rounds.empty()) {
    reference.history_shortage = found.origin;
    return;
  }
  reference.baseline = pool_runs(found.rounds);
  reference.history = history_reference(found.origin, found.rounds.back().source.git_commit);
  reference.history_origin = found.origin;
  reference.history_notes = found.notes;
  std::cerr << "perfgate: no baseline of " << suite << " for " << device.slug << ": gating against the " << found.origin
            << '\n';
  for (const std::string& note : found.notes) std::cerr << "perfgate: " << note << '\n';
}

// The re-measurement rounds' budget from the flags: each round twice the
// run's repetitions (or --perfgate_confirm_repetitions), three rounds a case
// (or --perfgate_remeasure_repetitions), and the wall time.
RemeasureBudget remeasure_budget(const MainOptions& options) {
  RemeasureBudget budget;
  budget.round_repetitions = static_cast<std::size_t>(
      std::max(options.confirm_repetitions > 0 ? options.confirm_repetitions : 2 * options.repetitions, 2));
  budget.max_repetitions = options.remeasure_repetitions > 0 ? static_cast<std::size_t>(options.remeasure_repetitions)
                                                             : 3 * budget.round_repetitions;
  budget.max_seconds = options.remeasure_seconds;
  return budget;
}

// The cases the run left open (suspected regressions, undecided slowdowns)
// measured again in rounds until decided (sequential_remeasure.hpp); each
// look judges every round so far of its cases, pooled, against the baseline.
void measure_open_cases(Comparison& comparison, const Results& baseline, const Results& current,
                        const std::vector<std::string>& args, const MainOptions& options) {
  const std::vector<std::string> open = open_cases(comparison);
  if (open.empty()) return;
  if (!options.confirm) return mark_unconfirmable(comparison, "confirmation switched off");
  std::vector<Results> rounds;
  RoundTrouble trouble;  // cases failed in a round, rounds killed at their deadline (remeasure_round.hpp)
  const auto measure_round = [&](const std::vector<std::string>& names, std::size_t repetitions, const GateSettings& settings) {
    std::cerr << "perfgate: re-measuring " << names.size() << " open case(s) with " << repetitions
              << " repetitions (round " << rounds.size() + 1 << ")\n";
    std::vector<std::string> round_args = args;
    round_args.push_back("--benchmark_filter=" + benchmark_filter_for(names));
    round_args.push_back("--benchmark_out=");  // keep the user's --benchmark_out file from the full run
    const std::size_t each = std::max<std::size_t>(repetitions, 2);
    round_args.push_back("--benchmark_repetitions=" + std::to_string(each));
    Results round = current;
    round.benchmarks = run_round(round_args, names, rounds.size() + 1,
                                 round_deadline_seconds(current, names, each, options.round_deadline_floor), trouble);
    rounds.push_back(std::move(round));
    return compare_results(cases_named(baseline, names), cases_named(pool_runs(rounds), names), settings,
                           comparison.run_spread_history ? &*comparison.run_spread_history : nullptr,
                           &comparison.environment_shift);
  };
  SequentialPlan plan;
  plan.budget = remeasure_budget(options);
  plan.q = comparison.settings.fdr_q;
  plan.family_size = tested_cases(comparison);
  const SequentialOutcome outcome = measure_until_decided(comparison, open, measure_round, plan);
  comparison.notes.push_back(sequential_note(outcome, plan));
  apply_round_trouble(comparison, trouble);
}

// A suite with no baseline of its own device is gated against its history
// when that holds enough runs, and otherwise against nothing: every case
// NEW (or INCOMPARABLE against another device's), the run NOT GATED, and
// its reports say what makes it gated.
// A stored reference's REGRESSION on a virtual machine: the machine's other
// tenants may have made the case slower, not the code; the same-runner A/B
// of `perfgate run --against` measures both sides on this machine.
void say_a_shared_machine_may_be_the_cause(Comparison& comparison) {
  if (comparison.reference.kind != ReferenceKind::stored && comparison.reference.kind != ReferenceKind::history) return;
  if (comparison.verdict_counts().count(Verdict::regression) == 0) return;
  const CpuIdentity machine = this_cpu_identity();
  if (!machine.virtual_machine()) return;
  const std::string against = comparison.reference.commit.empty() ? "merge-base" : short_commit(comparison.reference.commit);
  comparison.notes.push_back("this runner is a virtual machine (hypervisor: " + machine.hypervisor +
                             "): other work on the shared machine, not the code, may have made these cases slower "
                             "than the stored reference; measure the reference on this runner instead: perfgate run "
                             "--against " + against + " (the reference built here and measured interleaved with this build)");
}

int gate(const Results& current, Judged judged, const std::vector<std::string>& args, const MainOptions& options,
         const RunSpreadHistory* spreads) {
  std::optional<Results>& baseline = judged.baseline;
  const fs::path& baseline_file = judged.file;
  Comparison comparison;
  const std::string project = this_suite.source_dir ? this_suite.source_dir : "";
  if (every_case_skipped(current)) {
    comparison = compare_results(Results{}, current, options.gate);  // every case: SKIPPED
    comparison.baseline.origin = "(not needed: every case was skipped)";
    comparison.reference = no_reference("not needed: every case was skipped");
  } else {
    fs::path used = baseline_file;
    if (!baseline)
      if (const auto other = other_device_baseline(options, current.suite)) {
        used = *other;
        baseline = load_results(used);
      }
    Results none;
    none.suite = current.suite;
    comparison = compare_results(baseline ? *baseline : none, current, options.gate, spreads);
    comparison.reference = judged.history ? *judged.history
                           : baseline     ? stored_reference(report_path(used, project), baseline->source.git_commit)
                                          : no_reference("no baseline of this suite on any device");
    comparison.baseline.origin = judged.history ? judged.history_origin : comparison.reference.name;
    if (!judged.history_shortage.empty()) comparison.notes.push_back(judged.history_shortage);
    comparison.notes.insert(comparison.notes.end(), judged.history_notes.begin(), judged.history_notes.end());
    if (nothing_gated(comparison))
      comparison.gate_advice = gate_advice(current.suite, current.fingerprint.slug, results_path(options, current.suite), options);
    if (baseline) measure_open_cases(comparison, *baseline, current, args, options);
    say_a_shared_machine_may_be_the_cause(comparison);
  }
  comparison.current.origin = "this run";
  if (const std::vector<std::string> faults = active_fault_switches(); !faults.empty()) {
    std::string list;
    for (const std::string& f : faults) list += (list.empty() ? "" : ", ") + f;
    comparison.notes.push_back("test-only fault switches were in force in this run (" + list +
                               "): its verdicts show what was planted, not how the code performs");
  }
  std::ostream& out = options.display_format == "console" ? std::cout : std::cerr;
  const std::unique_ptr<BaselineStore> baselines =
      options.baseline_dir.empty() ? nullptr : open_baseline_store(options.baseline_dir, "--perfgate_baseline_dir");
  return gate_stage(comparison, current, baseline ? &*baseline : nullptr,
                    {rule_list(options.suggest_disable), baselines.get()}, report_paths(options, current.suite), out);
}

int run(std::vector<std::string> args) {
  // The one place the process's role is decided (worker_protocol.hpp).
  if (const Role role = process_role(); role != Role::gate) return run_worker(std::move(args), role);
  // Quoted, redacted, its program relative to the project: reports print it to be pasted.
  const std::string command = recorded_command(args, this_suite.source_dir ? this_suite.source_dir : "");
  const MainOptions options = parse_main_options(args);
  if (options.help) {
    std::cout << main_options_help();
    return kExitOk;
  }
  if (wants_listing(args)) {
    run_cases_here(args, options, "");
    return kExitOk;
  }
  const std::string suite = suite_name(options, args.front());
  require_known_rules(rule_list(options.suggest_disable));  // a typo costs nothing measured
  if (options.mode == RunMode::record && results_path(options, suite).empty())
    throw InputError("--perfgate_mode=record needs --perfgate_results=FILE or --perfgate_out_dir=DIR");
  const Fingerprint device = this_device(this_suite.gpu, this_suite.gpus);
  // Calibrations are per GPU model: a run on several GPUs ("-x8") uses its model's.
  const fs::path calibration = calibration_path(options, model_slug(device));
  Judged reference;
  if (options.mode == RunMode::gate) {
    // Its own slug's baseline, else one written under the slug this CPU had
    // before its identity was kept (read with a partial identity).
    reference.file = baseline_path(options, baseline_slug_of(options, suite, device), suite);
    require_outputs_apart(options, suite, reference.file, calibration);
    if (!options.baseline.empty() || fs::exists(reference.file))
      reference.baseline = load_results(reference.file);  // a bad baseline stops the run before measuring
    if (reference.baseline)
      if (const auto warning = few_rounds_warning(*reference.baseline, reference.file, options))
        std::cerr << "perfgate: warning: " << *warning << '\n';
  }
  // Read before measuring too: a bad calibration stops the run at once.
  const Ceilings ceilings = ceilings_for(device, calibration);
  // And the history is reached before measuring: an unreachable one stops the run now.
  std::unique_ptr<RunHistory> history;
  if (!options.history.empty() && options.mode != RunMode::smoke) history = open_run_history(options.history, options.history_kind);
  if (options.mode == RunMode::gate && !reference.baseline && history) reference_from_history(*history, device, suite, options, reference);
  if (options.mode == RunMode::gate && !reference.baseline) say_what_gates(options, suite, device, reference.history_shortage);
  Results current;
  try {
    current = measure_suite(args, options, suite, device, ceilings, command);
  } catch (InterruptedRun& stop) {
    keep_finished_cases(suite_results(std::move(stop.finished), suite, device, ceilings, command), options, stop.signal);
  }
  if (options.mode == RunMode::smoke) return run_exit_code(current);
  // The measurements are written first: whatever happens next, they are kept.
  if (const fs::path file = results_path(options, suite); !file.empty()) save_results(current, file);
  // The spreads are read before this run joins the history it is judged by.
  std::optional<RunSpreadHistory> spreads;
  if (history && options.mode == RunMode::gate) spreads = history->spreads(current);
  int exit_code = kExitOk;
  if (options.mode == RunMode::record) {
    if (const fs::path file = results_path(options, suite); options.promote_hint && !file.empty() && !every_case_skipped(current))
      std::cerr << "perfgate: results written to " << file.string() << "; to make them the baseline: "
                << promote_command(file, options) << '\n';
    exit_code = run_exit_code(current);
  } else {
    try {
      exit_code = gate(current, std::move(reference), args, options, spreads ? &*spreads : nullptr);
    } catch (const Interrupted&) {  // while re-measuring suspects: no reports of this run
      remove_reports(report_paths(options, suite));
      throw;
    }
  }
  // After the verdict, and never changing it (run_history.hpp).
  if (history) history->record(current);
  return exit_code;
}

}  // namespace

int run_main(int argc, char** argv) {
  // A file-size limit (ulimit -f) must fail the write with EFBIG, one line
  // and exit 2, not end the binary silently with a temporary file left.
  std::signal(SIGXFSZ, SIG_IGN);
  const int exit_code = run_reporting_errors([&] {
    try {
      require_fault_switches_allowed();  // a test-only switch in a real run: exit 2, nothing measured
      return run(std::vector<std::string>(argv, argv + argc));
    } catch (const WorkerFailed& failed) {
      return failed.exit_code;
    }
  });
  benchmark::Shutdown();
  return exit_code;
}

}  // namespace perfgate
