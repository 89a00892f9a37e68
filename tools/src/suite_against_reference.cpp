#include "suite_against_reference.hpp"

#include <cctype>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>

#include "device_cuda_helper.hpp"
#include "runtime/host_fingerprint.hpp"
#include "interleaved_rounds.hpp"
#include "perfgate/explain/explain_inputs.hpp"
#include "perfgate/baselines/baseline_store.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/gate/gate_options.hpp"
#include "perfgate/gate/reference.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/report_path.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/model/shared_flags.hpp"
#include "perfgate/explain/suggest.hpp"
#include "perfgate/reports/gate_stage.hpp"
#include "perfgate/reports/report_files.hpp"
#include "run_ctest_output.hpp"
#include "subprocess.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

std::string one_line(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  for (char& c : text)
    if (c == '\n') c = ' ';
  return text.size() > 800 ? "..." + text.substr(text.size() - 800) : text;
}

// How ctest saw `test` end in its -V output.
CtestStatus test_status(const std::string& output, const std::string& test) {
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);)
    if (const auto result = parse_ctest_result(line); result && result->test == test) return result->status;
  return CtestStatus::unknown;
}

// The value of --<flag>=VALUE among the test's arguments (the last one), else
// of the environment variable; nullopt when neither.
std::optional<std::string> suite_setting(const GatedTest& test, const std::string& flag, const std::string& variable) {
  std::optional<std::string> value;
  if (const char* env = std::getenv(variable.c_str()); env && *env) value = env;
  const std::string prefix = "--perfgate_" + flag + "=";
  for (const std::string& arg : test.args)
    if (arg.rfind(prefix, 0) == 0) value = arg.substr(prefix.size());
  return value;
}

std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

// The per-case gate settings of the suite's committed baseline for this
// device, when it has one: an ignored case stays ignored against any
// reference.
std::map<std::string, GateOverride> committed_overrides(const BaselineStore* store, const GatedTest& test) {
  std::map<std::string, GateOverride> overrides;
  if (!store) return overrides;
  try {
    if (const auto baseline = store->load(test.suite, suite_baseline_slug(*store, test)))
      for (const BenchmarkResult& b : baseline->benchmarks)
        if (!b.gate.empty()) overrides[b.name] = b.gate;
  } catch (const InputError& e) {
    std::cerr << "perfgate: warning: " << e.what() << " (its per-case gate settings are not applied)\n";
  }
  return overrides;
}

}  // namespace

// One side of the A/B: the test of `build`, run through ctest in record
// mode.  The round's settings go through the environment, which the suite
// binary reads as it reads its flags (PERFGATE_<FLAG>, Google Benchmark's
// BENCHMARK_<FLAG>): ctest passes it on, and the test's own command line
// stays as its project wrote it.
InterleavedSide ctest_side(const std::string& name, const fs::path& ctest, const fs::path& build, const std::string& test,
                           std::map<std::string, std::string> environment) {
  InterleavedSide side;
  side.name = name;
  side.measure = [=](const RoundRequest& request) {
    std::map<std::string, std::string> round = temporary_round_environment(request.count);
    round.insert(environment.begin(), environment.end());
    round["PERFGATE_MODE"] = "record";
    round["PERFGATE_RESULTS"] = request.file.string();
    round["PERFGATE_HISTORY"] = "";  // a round is not a run of the history's main line
    round["BENCHMARK_REPETITIONS"] = std::to_string(request.repetitions);
    round["BENCHMARK_FILTER"] = request.filter;
    const CapturedRun run =
        run_program_captured(ctest, {"--test-dir", build.string(), "-R", exact_test_regex(test), "-V"}, round);
    const CtestStatus status = test_status(run.output, test);
    std::error_code error;
    if (status == CtestStatus::skipped) return RoundOutcome{RoundOutcome::all_skipped, test + ": every case was skipped here"};
    if (status == CtestStatus::passed && run.exit_code == 0 && fs::is_regular_file(request.file, error)) return RoundOutcome{};
    return RoundOutcome{RoundOutcome::failed, "the " + name + "'s " + test + " (" + build.string() + ") failed in round " +
                                                  std::to_string(request.round) + " (ctest exit " +
                                                  std::to_string(run.exit_code) + "): " + one_line(run.tail(6))};
  };
  return side;
}

// The gate as the suite binary would set it: PERFGATE_<NAME>, then its
// --perfgate_<name> flags.
GateSettings suite_gate(const GatedTest& test, bool require_gated) {
  GateSettings gate;
  for (const GateOption& option : gate_options())
    if (const auto value = suite_setting(test, option.name, "PERFGATE_" + upper(option.name)))
      set_gate_option(option, test.test + ": --perfgate_" + option.name, *value, gate);
  const std::string measure_flag = kGateMeasureFlag.suite;
  if (const auto value = suite_setting(test, measure_flag, "PERFGATE_" + upper(measure_flag))) {
    const auto measure = parse_gate_measure(*value);
    if (!measure) throw InputError(test.test + ": --perfgate_" + measure_flag + "=" + *value + ": expected time, counts or both");
    gate.measure = *measure;
  }
  gate.require_gated = require_gated;
  return gate;
}

std::string suite_baseline_slug(const BaselineStore& store, const GatedTest& test) {
  if (test.gpu) return this_device_slug(true);
  return baseline_slug(store, test.suite, host_fingerprint());
}

SuiteAgainstOutcome measure_suite_against(const GatedTest& test, const ReferenceBuild& reference,
                                          const CandidateBuild& candidate, const AgainstSettings& settings,
                                          std::ostream& console) {
  const std::unique_ptr<BaselineStore> store =
      test.baseline_dir.empty() ? nullptr : open_baseline_store(test.baseline_dir, test.test + "'s --perfgate_baseline_dir");
  InterleavedPlan plan;
  plan.rounds = settings.rounds;
  plan.repetitions = settings.repetitions;
  plan.remeasure_repetitions = settings.remeasure_repetitions;
  plan.remeasure_seconds = settings.remeasure_seconds;
  plan.gate = suite_gate(test, settings.require_gated);
  plan.suite = test.suite;
  plan.label = test.suite + ":";
  plan.count = settings.count;
  plan.gate_overrides = committed_overrides(store.get(), test);
  // The reference's results name its commit, whatever the CI's variables
  // (GITHUB_SHA, CI_COMMIT_SHA) say of the job's.
  const std::string reference_name = "reference " + (reference.commit.empty() ? std::string("build") : short_commit(reference.commit));
  InterleavedSide reference_side = ctest_side(reference_name, candidate.ctest, reference.build, test.test,
                                              {{"PERFGATE_GIT_COMMIT", reference.commit.empty() ? "unknown" : reference.commit}});
  InterleavedSide candidate_side = ctest_side("candidate", candidate.ctest, candidate.build, test.test, {});
  InterleavedOutcome outcome = measure_interleaved(reference_side, candidate_side, plan);
  if (outcome.status == InterleavedOutcome::failed)
    return {outcome.failed_side == "candidate" ? SuiteAgainstOutcome::candidate_failed : SuiteAgainstOutcome::reference_failed,
            kExitError, outcome.problem};
  ReportPaths paths;
  paths.fill_defaults(test.out_dir, test.suite);
  const std::string project = candidate.source.string();
  if (outcome.status == InterleavedOutcome::all_skipped) {
    // Nothing measured on either side: the candidate's skipped cases are its report.
    outcome.comparison = compare_results(Results{}, outcome.candidate, plan.gate);
    outcome.comparison.reference = no_reference("not needed: every case was skipped");
    outcome.comparison.baseline.origin = "(not needed: every case was skipped)";
    outcome.comparison.current.origin = "this run";
    save_results(outcome.candidate, test.out_dir / (test.suite + ".results.json"));
    const int code = gate_stage(outcome.comparison, outcome.candidate, nullptr, {{}, store.get()}, paths, console);
    return {SuiteAgainstOutcome::judged, code, ""};
  }
  Comparison& comparison = outcome.comparison;
  comparison.reference = build_reference(reference.commit, report_path(reference.built_in, project),
                                         report_path(candidate.build, project), !reference.built_here);
  comparison.baseline.origin = report_path(reference_results_file(test.out_dir, test.suite), project);
  comparison.current.origin = "this run";
  comparison.notes.insert(comparison.notes.begin(),
                          "the reference is " + reference.why + (reference.built_here ? ", built on this runner in " + report_path(reference.built_in, project) : std::string()) +
                              ", measured in alternating rounds with this build");
  const std::string rules = suite_setting(test, kSuggestDisableFlag.suite, "PERFGATE_SUGGEST_DISABLE").value_or("");
  const int code = report_interleaved(outcome, paths, test.out_dir, explain_settings(rules, store.get()), console);
  return {SuiteAgainstOutcome::judged, code, ""};
}

}  // namespace perfgate::cli
