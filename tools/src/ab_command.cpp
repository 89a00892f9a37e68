// perfgate ab: two builds of one suite measured alternately on this machine,
// each side's rounds pooled, and the candidate gated against the baseline.

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "commands.hpp"
#include "perfgate/model/scratch_folder.hpp"
#include "perfgate/compare/comparison.hpp"
#include "perfgate/compare/confirmation.hpp"
#include "perfgate/compare/exit_code.hpp"
#include "perfgate/compare/sequential_remeasure.hpp"
#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/baselines/baseline_refresh.hpp"
#include "perfgate/model/errors.hpp"
#include "perfgate/model/report_path.hpp"
#include "perfgate/model/results_io.hpp"
#include "perfgate/suggest/suggest.hpp"
#include "perfgate/writers/gate_stage.hpp"
#include "perfgate/writers/report_files.hpp"
#include "subprocess.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

// A run that skipped every case: nothing to compare (exit 77).
struct AllSkipped {};

struct Side {
  const char* name;  // "baseline" or "candidate"
  fs::path binary;
  std::vector<Results> rounds;
};

// Both binaries are checked before anything is measured.
void require_runnable(const Side& side) {
  if (side.binary.empty()) throw InputError(std::string("ab: no ") + side.name + " binary given");
  std::error_code error;
  if (!fs::is_regular_file(side.binary, error))
    throw InputError(side.binary.string() + ": no such file (the " + side.name + " binary)");
  if (::access(side.binary.c_str(), X_OK) != 0)
    throw InputError(side.binary.string() + ": not executable (the " + side.name + " binary)");
}

// One record-mode run of one side (of the cases `filter` selects, when
// given).  Returns kExitOk, or kExitAllSkipped when every case was skipped;
// throws InputError when the run failed.
int measure(Side& side, const AbOptions& options, int round, const fs::path& scratch, const std::string& filter = "") {
  const fs::path file = scratch / (std::string(side.name) + ".round" + std::to_string(round) + ".json");
  std::vector<std::string> args = options.suite_args;
  if (!filter.empty()) args.push_back("--benchmark_filter=" + filter);
  args.push_back("--perfgate_mode=record");
  args.push_back("--perfgate_results=" + file.string());
  args.push_back("--benchmark_repetitions=" + std::to_string(options.repetitions));
  std::cerr << "perfgate: ab round " << round << (filter.empty() ? " of " + std::to_string(options.rounds) : std::string(" (re-measuring)"))
            << ": " << side.name << '\n';
  const int code = run_program(side.binary, args, temporary_round_environment());
  if (code == kExitAllSkipped) {
    std::cerr << "perfgate: ab: " << side.name << " " << side.binary.string()
              << ": every case was skipped here; nothing to compare\n";
    return kExitAllSkipped;
  }
  if (code != kExitOk)
    throw InputError("ab: " + std::string(side.name) + " " + side.binary.string() + " exited with " +
                     std::to_string(code) + " in round " + std::to_string(round) + " (a case failed or it could not run)");
  side.rounds.push_back(load_results(file));
  return kExitOk;
}

// The two builds must measure the same suite on the same device.
void require_same_origin(const Results& baseline, const Results& candidate) {
  if (baseline.suite != candidate.suite)
    throw InputError("ab: the builds run different suites (baseline " + quote_text(baseline.suite) + ", candidate " +
                     quote_text(candidate.suite) + ")");
  if (baseline.fingerprint.slug != candidate.fingerprint.slug)
    throw InputError("ab: the builds report different devices (baseline " + baseline.fingerprint.slug + ", candidate " +
                     candidate.fingerprint.slug + ")");
}


// No assumed floor: both builds ran in alternating rounds, so a slow phase
// that spans a round falls on both sides alike.  What the rounds measured
// stays: each side keeps its rounds, and the interval widens by the larger
// round-to-round spread of the two (sample_evidence.hpp), so a burst of
// other work during one side's round moves that side's median and widens
// the interval, rather than make a false regression (issue 25).
GateSettings without_run_floor(GateSettings settings) {
  settings.min_run_spread_pct = 0.0;
  return settings;
}

// Both builds, `options.rounds` more alternating runs each, starting at
// `round`; then every round so far, pooled a side.
void measure_rounds(Side& baseline, Side& candidate, const AbOptions& options, int first_round, const fs::path& scratch,
                    const std::string& filter = "") {
  for (int round = first_round; round < first_round + options.rounds; ++round) {
    // A B, B A, A B, ...: whatever drifts during the run hits both builds alike.
    Side& first = round % 2 == 1 ? baseline : candidate;
    Side& second = round % 2 == 1 ? candidate : baseline;
    if (measure(first, options, round, scratch, filter) == kExitAllSkipped) throw AllSkipped{};
    if (measure(second, options, round, scratch, filter) == kExitAllSkipped) throw AllSkipped{};
    if (!options.suite.empty()) baseline.rounds.back().suite = candidate.rounds.back().suite = options.suite;
    require_same_origin(baseline.rounds.back(), candidate.rounds.back());
  }
}

// Undecided slowdowns measured in more alternating rounds until decided: the
// first comparison was look 1 (at q / 2), each further look pools every
// round so far, in the family of every case that first look judged.
void measure_undecided(Comparison& comparison, Side& baseline, Side& candidate, const AbOptions& options,
                       const fs::path& scratch, double first_rounds_seconds) {
  GateSettings first_look = comparison.settings;
  first_look.fdr_q = look_level(options.gate.fdr_q, 1);
  std::vector<std::string> open;
  for (const BenchmarkComparison& c : comparison.benchmarks)
    if (undecided_slowdown(c, first_look)) open.push_back(c.name);
  if (open.empty()) return;
  SequentialPlan plan;
  plan.data = LookData::pooled_with_run;
  plan.first_look = 2;
  plan.family_size = tested_cases(comparison);
  plan.q = options.gate.fdr_q;
  plan.budget.round_repetitions = static_cast<std::size_t>(options.rounds) * static_cast<std::size_t>(options.repetitions);
  plan.budget.max_repetitions = options.remeasure_repetitions > 0 ? static_cast<std::size_t>(options.remeasure_repetitions)
                                                                  : 2 * plan.budget.round_repetitions;
  plan.budget.max_seconds = options.remeasure_seconds;
  // A look measures the open cases as the first rounds measured them all.
  plan.budget.first_round_seconds = first_rounds_seconds * static_cast<double>(open.size()) /
                                    static_cast<double>(std::max<std::size_t>(comparison.benchmarks.size(), 1));
  int next_round = options.rounds + 1;
  const auto look = [&](const std::vector<std::string>& names, std::size_t, const GateSettings& settings) {
    measure_rounds(baseline, candidate, options, next_round, scratch, benchmark_filter_for(names));
    next_round += options.rounds;
    return compare_results(cases_named(pool_runs(baseline.rounds), names), cases_named(pool_runs(candidate.rounds), names),
                           without_run_floor(settings), nullptr, &comparison.environment_shift);
  };
  const SequentialOutcome outcome = measure_until_decided(comparison, open, look, plan);
  comparison.notes.push_back(sequential_note(outcome, plan));
}

}  // namespace

int run_ab(const AbOptions& options) {
  require_known_rules(rule_list(options.suggest_disable));
  Side baseline{"baseline", options.baseline_bin, {}};
  Side candidate{"candidate", options.candidate_bin, {}};
  require_runnable(baseline);
  require_runnable(candidate);
  const ReportPaths& reports = options.reports;
  require_distinct_outputs({{options.baseline_bin, "the baseline binary"}, {options.candidate_bin, "the candidate binary"}},
                           reports.named());
  const ScratchFolder scratch("perfgate-ab");
  const auto started = std::chrono::steady_clock::now();
  Comparison comparison;
  try {
    measure_rounds(baseline, candidate, options, 1, scratch.path());
    // The first look at q / 2: the looks that may follow spend the rest.
    GateSettings first_look = without_run_floor(options.gate);
    first_look.fdr_q = look_level(options.gate.fdr_q, 1);
    comparison = compare_results(pool_runs(baseline.rounds), pool_runs(candidate.rounds), first_look);
    comparison.settings = without_run_floor(options.gate);
    measure_undecided(comparison, baseline, candidate, options, scratch.path(),
                      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  } catch (const AllSkipped&) {
    return kExitAllSkipped;
  }
  const Results old_build = pool_runs(baseline.rounds);
  const Results new_build = pool_runs(candidate.rounds);
  comparison.baseline.origin = report_path(options.baseline_bin);
  comparison.current.origin = report_path(options.candidate_bin);
  const std::string rounds = std::to_string(options.rounds);
  comparison.notes.push_back("interleaved A/B: " + rounds + " rounds of " + std::to_string(options.repetitions) +
                             " repetitions per build, in alternating order on this machine, each side pooled");
  mark_unconfirmable(comparison, "interleaved A/B: the " + rounds +
                                     " alternating rounds of each build are the confirmation");
  const std::unique_ptr<BaselineStore> baselines =
      options.baseline_dir.empty() ? nullptr : open_baseline_store(options.baseline_dir, "--baseline-dir");
  return gate_stage(comparison, new_build, &old_build, {rule_list(options.suggest_disable), baselines.get()}, reports,
                    std::cout);
}

}  // namespace perfgate::cli
