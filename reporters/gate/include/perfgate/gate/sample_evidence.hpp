#pragma once
// The gate's statistics of two sets of samples, in one place: the case
// comparison (a case's repetitions) and the kernel comparison (one kernel's
// launches) both judge by them.

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "perfgate/gate/gate_settings.hpp"
#include "perfgate/gate/run_spread.hpp"

namespace perfgate {

struct SampleSummary {
  std::size_t n = 0;      // valid samples
  double median = 0.0;    // seconds (ns for a kernel's launches)
  double robust_cv = 0.0;
  int throttled = 0;      // samples left out because clocks throttled
  std::size_t rounds = 1;       // separate runs pooled into the samples
  double run_to_run_pct = 0.0;  // (largest / smallest round median - 1) x 100
  // Standard deviation of the log round medians (n - 1 denominator); 0 for
  // one round.  The between-run variance term of the ratio's interval.
  double between_run_sd = 0.0;
  // The repetitions' own variance within their rounds (the pooled variance
  // of log samples about their round's mean, N - K denominator) and the
  // rounds' mean size: how much of between_run_sd is each round median's
  // own sampling noise.  0 for one round.  Not written to files.
  double within_round_var = 0.0;
  double round_size = 0.0;
};

// A run whose robust CV is more than this many times its baseline's, with
// an excess spread of at least kDisturbedRunMinimum, was disturbed
// (run_spread(): its excess spread is a run-to-run term).  4x and 2%: a
// robust CV from 10 samples is itself noisy (three times the baseline's by chance
// in 1.5% of quiet cases), and below 2% the floor and the rounds already
// cover what a quiet run moves (1.2-2.3% on the CI VM).
inline constexpr double kDisturbedRunFactor = 4.0;
inline constexpr double kDisturbedRunMinimum = 0.02;

// The most a run history may say a case moves between runs (the standard
// deviation of a run's effect on log time): 10%.  Why: the noisiest honest
// spread perfgate has measured is 5.7%, between runs of unchanged code on
// the 2-core CI VM while other work loaded it (1.2-2.3% unloaded, under 1%
// on an H100); a spread above 10% means swings of +-20% between runs of the
// same code, where no threshold of a few percent means anything, and such a
// history is far more likely poisoned (runs alternating x1/x100: 480%) or
// mixed with another testbed's runs than right.  Above the cap the history
// is not believed for that case: it is judged as if no history were given
// (the baseline's rounds or the floor), and a note says so.  So a history
// widens an interval by at most z x 10% x sqrt(1/R_b + 1/R_c) (x1.44 at 99%
// with one round a side, x1.36 with a 3-round baseline): a slowdown that the
// baseline alone establishes beyond that stays a REGRESSION whatever the
// history holds (docs/design.md, "The gate").
inline constexpr double kMaxHistoryRunSpread = 0.10;

// The larger of what the rounds measured (the baseline's, or the current
// side's when it pooled rounds too, as perfgate ab's sides do), a disturbed
// run's excess spread (kDisturbedRunFactor) and, from a history when one is
// given and believed (it replaces the assumed floor), else the floor.
RunSpread run_spread(const SampleSummary& baseline, const SampleSummary& current, const GateSettings& settings);

// The statistics of one baseline/current pair.
struct Evidence {
  double ratio = 0.0;    // median(current) / median(baseline)
  bool interval_available = false;
  double ci_low = 0.0;   // interval for the ratio at GateSettings::confidence,
  double ci_high = 0.0;  // widened by between_run_term
  // between_run_term(): added in quadrature to each end's distance from the
  // estimate; 0 only when the floor is off and the baseline is one run.
  double between_run_term = 0.0;
  RunSpread run_spread;  // the s in between_run_term
  // A REGRESSION claims the current side is slower, an IMPROVEMENT that it
  // is faster: each is decided by a one-sided test in its direction, with
  // Benjamini-Hochberg over its own family (every tested case's p_slower;
  // every one's p_faster), at the same q (issue 30).
  double p_slower = 1.0;  // Mann-Whitney U (or Welch t from summaries), one-sided: current slower
  double p_faster = 1.0;  // the same, current faster
  double q_slower = 1.0;  // Benjamini-Hochberg across the family of p_slower
  double q_faster = 1.0;  // ... of p_faster
  // What reports show: the one-sided p and q in the measured change's
  // direction (slower when the ratio is at least 1), the family that could
  // decide it.
  double p_value = 1.0;
  bool exact_p = false;
  double q_value = 1.0;
};

// Sets p_value and q_value from the one-sided values in the direction of
// the measured change (after q_slower and q_faster are known).
void show_change_direction(Evidence& e);

// One-sided p-values from a two-sided p of a symmetric test whose statistic
// falls on the side of `ratio` (Welch t from summaries): half of it in that
// direction, one minus half of it in the other; both 1 - p/2 at ratio 1.
void set_one_sided_from_two_sided(Evidence& e, double two_sided_p);

// Count, median and robust CV of `samples` (one round, nothing throttled).
SampleSummary summarize_samples(std::span<const double> samples);

// The standard deviation of the logs of a baseline's round medians: 0 with
// fewer than two rounds or a round median that is not positive.
double between_run_sd(std::span<const double> round_medians);

// The pooled variance of log samples about their round's mean (N - K
// denominator): what the repetitions of one round spread by.  0 with fewer
// than two rounds, a round of one sample only, or a sample that is not
// positive.
double within_round_variance(std::span<const double> samples, std::span<const std::size_t> rounds);

// z x s x sqrt(1/R_baseline + 1/R_current) on the log scale: how far a run's
// own shift can move the ratio, with s the baseline's between-run standard
// deviation, at least settings.min_run_spread_pct; 0 when both are 0.
double between_run_term(const SampleSummary& baseline, const SampleSummary& current, const GateSettings& settings);

// Ratio of the summaries' medians, the Mann-Whitney U one-sided p-values and, when
// every sample is positive, the ratio's interval at settings.confidence,
// widened by the baseline's between-run spread when it pools rounds: a run
// shifts every sample of that run alike, which the within-run statistics
// cannot see.
// Each q starts as its p (a pair outside any family); assign_q_values()
// replaces them.  Both sample sets must be non-empty.
Evidence gather_evidence(std::span<const double> baseline, const SampleSummary& baseline_summary,
                         std::span<const double> current, const SampleSummary& current_summary,
                         const GateSettings& settings);

// Benjamini-Hochberg across `family`, once a direction: each member's
// q_slower from every member's p_slower, q_faster from every p_faster; then
// q_value as show_change_direction() picks it.  A `family_size` above the
// members' count adds p-values of 1 up to it (GateSettings::fdr_family_size).
void assign_q_values(const std::vector<Evidence*>& family, std::size_t family_size = 0);

// Whether a pair with these summaries belongs to the Benjamini-Hochberg
// family: enough samples on both sides (settings.min_samples).
bool enough_samples(const SampleSummary& baseline, const SampleSummary& current, const GateSettings& settings);

}  // namespace perfgate
