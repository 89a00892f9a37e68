#include "interleaved_rounds.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>

#include "perfgate/baselines/baseline_refresh.hpp"
#include "perfgate/gate/confirmation.hpp"
#include "perfgate/gate/environment_shift.hpp"
#include "perfgate/gate/sequential_remeasure.hpp"
#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/model/same_origin.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/platform/scratch_folder.hpp"
#include "perfgate/reports/gate_stage.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

// A side's round that skipped everything or failed: the measurement ends.
struct Stopped {
  InterleavedOutcome::Status status;
  std::string side;
  std::string problem;
};

void measure_round(InterleavedSide& side, const InterleavedPlan& plan, int round, const fs::path& folder,
                   const std::string& filter) {
  const fs::path file = folder / (side.name + ".round" + std::to_string(round) + ".json");
  std::cerr << "perfgate: " << plan.label << " round " << round
            << (round <= plan.rounds ? " of " + std::to_string(plan.rounds) : std::string(" (re-measuring)")) << ": " << side.name
            << '\n';
  const RoundOutcome outcome = side.measure({round, filter, plan.repetitions, file, plan.count && round == 1});
  if (outcome.status == RoundOutcome::all_skipped) throw Stopped{InterleavedOutcome::all_skipped, side.name, outcome.problem};
  if (outcome.status == RoundOutcome::failed) throw Stopped{InterleavedOutcome::failed, side.name, outcome.problem};
  side.rounds.push_back(load_results(file));
  if (!plan.suite.empty()) side.rounds.back().suite = plan.suite;
}

// Both sides must measure the same suite on the same device.
void require_same_origin(const Results& reference, const Results& candidate) {
  const auto mismatch = origin_mismatch(reference, candidate, SlugCheck::any_slug);
  if (!mismatch) return;
  if (mismatch->part == OriginMismatch::Part::suite)
    throw InputError("the builds run different suites (reference " + quote_text(reference.suite) + ", candidate " +
                     quote_text(candidate.suite) + ")");
  throw InputError("the builds report different devices (reference " + reference.fingerprint.slug + ", candidate " +
                   candidate.fingerprint.slug + "): " + mismatch->why);
}

// `plan.rounds` more alternating runs a side, starting at `first_round`:
// A B, B A, A B, ...: whatever drifts during the run hits both builds alike.
void measure_rounds(InterleavedSide& reference, InterleavedSide& candidate, const InterleavedPlan& plan, int first_round,
                    const fs::path& folder, const std::string& filter = "") {
  for (int round = first_round; round < first_round + plan.rounds; ++round) {
    InterleavedSide& first = round % 2 == 1 ? reference : candidate;
    InterleavedSide& second = round % 2 == 1 ? candidate : reference;
    measure_round(first, plan, round, folder, filter);
    measure_round(second, plan, round, folder, filter);
    require_same_origin(reference.rounds.back(), candidate.rounds.back());
  }
}

// The reference's rounds so far, pooled, with the plan's gate overrides.
Results pooled_reference(const InterleavedSide& reference, const InterleavedPlan& plan) {
  Results pooled = pool_runs(reference.rounds);
  for (BenchmarkResult& b : pooled.benchmarks)
    if (const auto found = plan.gate_overrides.find(b.name); found != plan.gate_overrides.end()) b.gate = found->second;
  return pooled;
}

// No assumed floor: both builds ran in alternating rounds, so a slow phase
// that spans a round falls on both sides alike.  What the rounds measured
// stays: each side keeps its rounds, and the interval widens by the larger
// round-to-round spread of the two (sample_evidence.hpp), so a burst of
// other work during one side's round widens the interval rather than make
// a false regression (issue 25).
GateSettings without_run_floor(GateSettings settings) {
  settings.min_run_spread_pct = 0.0;
  return settings;
}

// A case the first look judged INCONCLUSIVE because the whole suite moved
// with it.  Against a stored baseline that is the machine's doing; here the
// machine's drift fell on both builds' alternating rounds, so a suite-wide
// move is either a stretch of rounds that hit one side harder (under load:
// 4 of 5 host cases +16% at the first look, ~0% after more rounds,
// docs/measurements.md "Same-runner A/B") or a change that slows every
// case.  More rounds tell which; the shift itself cannot.
bool moved_with_first_look_shift(const BenchmarkComparison& c, const Comparison& comparison) {
  const auto& shift = comparison.environment_shift;
  return shift && shift->slower && c.verdict == Verdict::inconclusive && !c.remeasured &&
         moved_with_shift(c, *shift, comparison.settings);
}

// The open cases: undecided slowdowns, and those the first look's shift held back.
std::vector<std::string> open_cases(const Comparison& comparison, const GateSettings& first_look) {
  std::vector<std::string> open;
  for (const BenchmarkComparison& c : comparison.benchmarks)
    if (undecided_slowdown(c, first_look) || moved_with_first_look_shift(c, comparison)) open.push_back(c.name);
  return open;
}

// After the looks: the first look's shift stays in the report only while a
// case still stands INCONCLUSIVE by it (the budget ran out before its
// rounds); otherwise a note says what the first look saw.
void settle_first_look_shift(Comparison& comparison) {
  if (!comparison.environment_shift) return;
  for (const BenchmarkComparison& c : comparison.benchmarks)
    if (moved_with_first_look_shift(c, comparison)) return;
  const EnvironmentShift& shift = *comparison.environment_shift;
  char text[320];
  std::snprintf(text, sizeof text,
                "the first look saw %zu of %zu cases %s by a similar factor (median ratio %.3f); with both builds "
                "measured in alternating rounds that is no machine's drift, so each was judged on more rounds of its own",
                shift.moved, shift.compared, shift.slower ? "slower" : "faster", shift.median_ratio);
  comparison.notes.push_back(text);
  comparison.environment_shift.reset();
}

// Undecided slowdowns measured in more alternating rounds until decided:
// the first comparison was look 1 (at q / 2), each further look pools every
// round so far, in the family of every case that first look judged, and
// judges each case on its own rounds (no suite-wide shift: see above).
void measure_undecided(Comparison& comparison, InterleavedSide& reference, InterleavedSide& candidate,
                       const InterleavedPlan& plan, const fs::path& folder, double first_rounds_seconds) {
  GateSettings first_look = comparison.settings;
  first_look.fdr_q = look_level(plan.gate.fdr_q, 1);
  const std::vector<std::string> open = open_cases(comparison, first_look);
  if (open.empty()) return;
  SequentialPlan sequential;
  sequential.data = LookData::pooled_with_run;
  sequential.first_look = 2;
  sequential.family_size = tested_cases(comparison);
  sequential.q = plan.gate.fdr_q;
  sequential.budget.round_repetitions = static_cast<std::size_t>(plan.rounds) * static_cast<std::size_t>(plan.repetitions);
  sequential.budget.max_repetitions = plan.remeasure_repetitions > 0 ? static_cast<std::size_t>(plan.remeasure_repetitions)
                                                                     : 2 * sequential.budget.round_repetitions;
  sequential.budget.max_seconds = plan.remeasure_seconds;
  // A look measures the open cases as the first rounds measured them all.
  sequential.budget.first_round_seconds = first_rounds_seconds * static_cast<double>(open.size()) /
                                          static_cast<double>(std::max<std::size_t>(comparison.benchmarks.size(), 1));
  int next_round = plan.rounds + 1;
  const auto look = [&](const std::vector<std::string>& names, std::size_t, const GateSettings& settings) {
    measure_rounds(reference, candidate, plan, next_round, folder, benchmark_filter_for(names));
    next_round += plan.rounds;
    static const std::optional<EnvironmentShift> kNoShift;
    return compare_results(cases_named(pooled_reference(reference, plan), names), cases_named(pool_runs(candidate.rounds), names),
                           without_run_floor(settings), nullptr, &kNoShift);
  };
  const SequentialOutcome outcome = measure_until_decided(comparison, open, look, sequential);
  comparison.notes.push_back(sequential_note(outcome, sequential));
  settle_first_look_shift(comparison);
}

}  // namespace

InterleavedOutcome measure_interleaved(InterleavedSide& reference, InterleavedSide& candidate, const InterleavedPlan& plan) {
  InterleavedOutcome outcome;
  const ScratchFolder folder("perfgate-ab");
  const auto started = std::chrono::steady_clock::now();
  try {
    measure_rounds(reference, candidate, plan, 1, folder.path(), plan.filter);
    // The first look at q / 2: the looks that may follow spend the rest.
    GateSettings first_look = without_run_floor(plan.gate);
    first_look.fdr_q = look_level(plan.gate.fdr_q, 1);
    outcome.comparison = compare_results(pooled_reference(reference, plan), pool_runs(candidate.rounds), first_look);
    outcome.comparison.settings = without_run_floor(plan.gate);
    measure_undecided(outcome.comparison, reference, candidate, plan, folder.path(),
                      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  } catch (const Stopped& stopped) {
    outcome.status = stopped.status;
    outcome.failed_side = stopped.side;
    outcome.problem = stopped.problem;
    if (!candidate.rounds.empty()) outcome.candidate = candidate.rounds.back();
    return outcome;
  }
  outcome.reference = pooled_reference(reference, plan);
  outcome.candidate = pool_runs(candidate.rounds);
  const std::string rounds = std::to_string(plan.rounds);
  outcome.comparison.notes.push_back("interleaved A/B: " + rounds + " rounds of " + std::to_string(plan.repetitions) +
                                     " repetitions a build, in alternating order on this machine, each side pooled");
  confirm_by_rounds(outcome.comparison, "confirmed by the alternating rounds of both builds (" + rounds + " a side)");
  return outcome;
}

fs::path reference_results_file(const fs::path& folder, const std::string& suite) {
  return folder / (suite + ".reference.results.json");
}

int report_interleaved(InterleavedOutcome& outcome, const ReportPaths& paths, const fs::path& results_dir,
                       const ExplainSettings& explain, std::ostream& console) {
  if (!results_dir.empty()) {
    const std::string& suite = outcome.candidate.suite;
    save_results(outcome.candidate, results_dir / (suite + ".results.json"));
    save_results(outcome.reference, reference_results_file(results_dir, suite));
  }
  return gate_stage(outcome.comparison, outcome.candidate, &outcome.reference, explain, paths, console);
}

}  // namespace perfgate::cli
