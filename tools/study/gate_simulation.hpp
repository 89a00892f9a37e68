#pragma once
// The core of perfgate_gate_study: simulated suites under synthetic noise,
// judged by perfgate's gate (compare_results) and by Google Benchmark
// compare.py's rule (Mann-Whitney U, p < 0.05 per benchmark, no correction,
// no threshold).  See docs/measurements.md ("The gate's false alarms and
// power: a simulation").

#include <array>
#include <cstddef>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/gate/gate_settings.hpp"
#include "perfgate/gate/sequential_remeasure.hpp"
#include "perfgate/gate/verdict.hpp"
#include "perfgate/model/results.hpp"
#include "perfgate/stats/noise_model.hpp"

namespace perfgate::study {

using stats::describe;
using stats::draw_samples;
using stats::kNoiseModels;
using stats::noise_model_from_string;
using stats::NoiseModel;
using stats::NoiseSettings;
using stats::to_string;

// Google Benchmark compare.py's rule as a regression test: a two-sided
// Mann-Whitney U p-value below alpha and a slower median.
bool compare_py_regression(std::span<const double> baseline, std::span<const double> current,
                           double alpha = 0.05);

struct SuiteSpec {
  NoiseModel model = NoiseModel::normal;
  NoiseSettings noise;
  std::size_t benchmarks = 40;
  std::size_t repetitions = 10;  // per side (the baseline: per round)
  // The baseline's rounds (separate runs pooled, as `perfgate baseline
  // update --rounds` records it); each round `repetitions` samples.
  std::size_t baseline_rounds = 1;
  // Planted on one benchmark, chosen at random, as current = (1 + slowdown) x
  // its true time; 0 for an A/A suite (nothing changed).
  double slowdown = 0.0;
};

// A simulated suite: the baseline and current results, which benchmark
// carries the planted slowdown (none in an A/A suite), and what each
// benchmark was drawn from, so that it can be measured again.
struct SimulatedSuite {
  Results baseline;
  Results current;
  std::optional<std::size_t> planted;
  SuiteSpec spec;
  std::vector<double> centres;   // true times of the current side (planted factor included)
  std::vector<int> drift_signs;
};

// The confirmation's re-measurement, simulated: new current samples of the
// benchmarks `names`, `repetitions` each, from the same distributions.
Results remeasure(const SimulatedSuite& suite, const std::vector<std::string>& names, std::size_t repetitions,
                  std::mt19937_64& rng);

// Draws one suite.  True times are log-uniform in [1 us, 1 s]; both sides
// come from the same (fingerprint-identical) device.
SimulatedSuite simulate_suite(const SuiteSpec& spec, std::mt19937_64& rng);

struct SuiteOutcome {
  std::size_t perfgate_regressions = 0;    // REGRESSION verdicts of compare_results
  std::size_t compare_py_regressions = 0;  // benchmarks compare.py's rule calls slower
  bool perfgate_detected = false;          // the planted benchmark is a REGRESSION
  bool compare_py_detected = false;
  std::optional<Verdict> planted_verdict;  // perfgate's verdict on the planted benchmark
};

// Judges a suite with both rules.  Benchmarks are matched by name; the
// planted index refers to baseline.benchmarks.
SuiteOutcome judge_suite(const Results& baseline, const Results& current, std::optional<std::size_t> planted,
                         const GateSettings& settings = {});

// The gate's rule before issue 30, for comparison: the two-sided U p-value
// of every tested case in one Benjamini-Hochberg family at settings.fdr_q,
// then the same interval (above 1) and threshold (its upper end beyond it).
std::vector<std::string> two_sided_regressions(const Comparison& comparison, const GateSettings& settings);

// Both modes of perfgate's gate and the two-sided rule ("old") on one suite:
//   compare  compare_results alone (perfgate compare: no re-measurement);
//   suite    then every REGRESSION re-measured with confirm_repetitions
//            (remeasure()) and kept only if apply_recheck() confirms it, as
//            the suite binary does;
// the old rule likewise, its suspects re-measured and judged by it again;
// and, with a planted slowdown, whether its exact U p-value alone reaches
// q / m, one-sided and two-sided (the bound of any rank test at this size).
struct ModeOutcome {
  std::size_t regressions = 0;  // in the suite
  bool detected = false;        // the planted benchmark among them
};
struct TargetOutcome {
  ModeOutcome compare, suite, old_compare, old_suite, compare_py;
  bool bound_one_sided = false, bound_two_sided = false;
};
TargetOutcome judge_both_modes(const SimulatedSuite& suite, const GateSettings& settings,
                               std::size_t confirm_repetitions, std::mt19937_64& rng);

// One cell of the study: `trials` suites of one spec.  For an A/A spec the
// hits are suites with ANY regression (the suite-level false alarm); with a
// planted slowdown they are suites whose planted benchmark was detected.
struct CellCounts {
  std::size_t suites = 0;
  std::size_t perfgate_hits = 0;
  std::size_t compare_py_hits = 0;
  // Why perfgate missed planted slowdowns: NO_CHANGE (the interval within
  // the threshold, or not established and the change within it) or
  // INCONCLUSIVE (not established, the change beyond the threshold).
  std::size_t perfgate_missed_threshold = 0;
  std::size_t perfgate_missed_evidence = 0;
};
CellCounts run_cell(const SuiteSpec& spec, const GateSettings& settings, std::size_t trials, std::mt19937_64& rng);

// A cell of the targets table: hits per mode (A/A: suites with any
// REGRESSION; planted: suites whose planted benchmark is one).
struct TargetCounts {
  std::size_t suites = 0;
  std::size_t compare = 0, suite = 0, old_compare = 0, old_suite = 0, compare_py = 0;
  std::size_t bound_one_sided = 0, bound_two_sided = 0;  // planted cells only
};
// Each suite's re-measurements draw from their own stream, seeded by one
// draw of `rng`, so the suites drawn do not depend on the rule's suspects.
TargetCounts run_target_cell(const SuiteSpec& spec, const GateSettings& settings, std::size_t trials,
                             std::size_t confirm_repetitions, std::mt19937_64& rng);

// The live gate, simulated as the suite binary runs it (gate_run.cpp): the
// run compared with its baseline, then its open cases (suspected
// regressions, undecided slowdowns) re-measured in rounds until decided
// (measure_until_decided, `budget`); and, beside it, the confirmation alone
// (one round for the suspected regressions only: what the gate did before).
struct LiveOutcome {
  ModeOutcome confirm_only, live;
  std::size_t rounds = 0;             // re-measurement rounds of the live gate
  std::size_t extra_repetitions = 0;  // over every case and round
  std::size_t open_cases = 0;
  bool planted_inconclusive = false;  // the planted case left INCONCLUSIVE by the live gate
};
LiveOutcome judge_live(const SimulatedSuite& suite, const GateSettings& settings, const RemeasureBudget& budget,
                       std::mt19937_64& rng);

struct LiveCounts {
  std::size_t suites = 0;
  std::size_t confirm_only = 0, live = 0;  // A/A: suites with any REGRESSION; planted: detected
  std::size_t rounds = 0, extra_repetitions = 0, open_cases = 0;  // sums over the suites
  std::size_t planted_inconclusive = 0;  // planted cells: the planted case left INCONCLUSIVE by the live gate
};
LiveCounts run_live_cell(const SuiteSpec& spec, const GateSettings& settings, const RemeasureBudget& budget,
                         std::size_t trials, std::mt19937_64& rng);

// The Wilson score interval of a binomial proportion hits / trials.
struct Interval {
  double low = 0.0;
  double high = 1.0;
};
Interval wilson_interval(std::size_t hits, std::size_t trials, double z = 1.959963984540054);

}  // namespace perfgate::study
