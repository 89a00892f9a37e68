#include "perfgate/gate/sample_evidence.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "perfgate/stats/benjamini_hochberg.hpp"
#include "perfgate/stats/mann_whitney.hpp"
#include "perfgate/stats/ratio_interval.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate {
namespace {

bool all_positive(std::span<const double> samples) {
  for (double s : samples)
    if (!(s > 0.0)) return false;
  return true;
}

}  // namespace

// A side's round-to-round spread without what each round median's own
// sampling noise adds to it (the random-effects estimate: s^2 - w^2 / R,
// w^2 the repetitions' variance within their rounds, R the round size, at
// least 0), for two sides that both pooled rounds: short alternating rounds
// (perfgate ab, run --against: 2 repetitions) would otherwise count the
// repetitions' noise twice, once in the samples' interval and again,
// halved, in every round median, which left a 2x-wide interval under load.
// A stored baseline against one run keeps the whole s: its rounds are long
// (20 repetitions), so the noise is small there, and erring wide is the
// stored baseline's safety (The gate, docs/design.md).
double round_effect_sd(const SampleSummary& side) {
  if (!(side.round_size > 1.0)) return side.between_run_sd;
  const double effect = side.between_run_sd * side.between_run_sd - side.within_round_var / side.round_size;
  return effect > 0.0 ? std::sqrt(effect) : 0.0;
}

// The larger round-to-round spread of the sides that pooled rounds: a
// stored baseline's, and, where the current side pooled rounds too (perfgate
// ab's alternating rounds, a comparison of two pooled files), its own: a slow
// phase that hit one side's rounds only moves that side's medians.
RunSpread measured_between_rounds(const SampleSummary& baseline, const SampleSummary& current) {
  const bool both = baseline.rounds >= 2 && current.rounds >= 2;
  const double base = baseline.rounds >= 2 ? (both ? round_effect_sd(baseline) : baseline.between_run_sd) : 0.0;
  const double cur = current.rounds >= 2 ? (both ? round_effect_sd(current) : current.between_run_sd) : 0.0;
  return cur > base ? RunSpread{cur, RunSpreadSource::rounds, current.rounds, {}}
                    : RunSpread{base, RunSpreadSource::rounds, baseline.rounds, {}};
}

// A run whose samples spread more than four times as far as its baseline's
// (kDisturbedRunFactor, kDisturbedRunMinimum): the machine moved while it ran (other work, clocks;
// with random interleaving every case's repetitions are spread over the
// run), and another run on it would move a median by about that much, which
// no rank test of this run's samples can see.  Its spread beyond the
// baseline's, sqrt(cv_cur^2 - cv_base^2), stands in for the run-to-run term
// (issue 25: an unchanged case measured 88% slower under load, then +59% on
// re-measuring, was a confirmed false REGRESSION).  A quiet run, whose
// spread is its baseline's give or take the estimate's own noise, rarely
// reaches four times it (under 1% of cases), and then mostly by less than the floor covers.
RunSpread disturbed_run(const SampleSummary& baseline, const SampleSummary& current) {
  if (!(current.robust_cv > kDisturbedRunFactor * baseline.robust_cv) || !std::isfinite(current.robust_cv)) return {};
  const double excess = std::sqrt(current.robust_cv * current.robust_cv - baseline.robust_cv * baseline.robust_cv);
  if (!(excess >= kDisturbedRunMinimum)) return {};
  return RunSpread{excess, RunSpreadSource::noise, current.rounds, {}};
}

RunSpread run_spread(const SampleSummary& baseline, const SampleSummary& current, const GateSettings& settings) {
  const std::optional<double>& history = settings.history_run_spread_sd;
  const bool believed = history && std::isfinite(*history) && *history <= kMaxHistoryRunSpread;
  RunSpread rounds = measured_between_rounds(baseline, current);
  if (const RunSpread noise = disturbed_run(baseline, current); noise.sd > rounds.sd) rounds = noise;
  const RunSpread assumed = believed ? RunSpread{*history, RunSpreadSource::history, settings.history_runs, {}}
                                     : RunSpread{settings.min_run_spread_pct / 100.0, RunSpreadSource::floor, 0, {}};
  RunSpread larger = rounds.sd >= assumed.sd && rounds.sd > 0.0 ? rounds : assumed;
  if (!(larger.sd > 0.0)) larger = RunSpread{};
  if (history && !believed) larger.implausible_history_sd = *history;
  return larger;
}

// The current run's median carries one run effect (variance s^2 / R_current),
// the pooled baseline's the mean of R_baseline of them; s from run_spread().
double between_run_term(const SampleSummary& baseline, const SampleSummary& current, const GateSettings& settings) {
  const double s = run_spread(baseline, current, settings).sd;
  if (!(s > 0.0)) return 0.0;
  const double z = stats::normal_quantile(0.5 + settings.confidence / 2.0);
  const double runs = 1.0 / static_cast<double>(std::max<std::size_t>(baseline.rounds, 1)) +
                      1.0 / static_cast<double>(std::max<std::size_t>(current.rounds, 1));
  return z * s * std::sqrt(runs);
}

double between_run_sd(std::span<const double> round_medians) {
  if (round_medians.size() < 2) return 0.0;
  std::vector<double> logs;
  for (double m : round_medians) {
    if (!(m > 0.0)) return 0.0;
    logs.push_back(std::log(m));
  }
  const double mean = std::accumulate(logs.begin(), logs.end(), 0.0) / static_cast<double>(logs.size());
  double squares = 0.0;
  for (double l : logs) squares += (l - mean) * (l - mean);
  return std::sqrt(squares / static_cast<double>(logs.size() - 1));
}

double within_round_variance(std::span<const double> samples, std::span<const std::size_t> rounds) {
  if (rounds.size() < 2) return 0.0;
  double squares = 0.0;
  std::size_t n = 0, start = 0;
  for (std::size_t count : rounds) {
    if (count < 1 || start + count > samples.size()) return 0.0;
    double mean = 0.0;
    for (std::size_t i = start; i < start + count; ++i) {
      if (!(samples[i] > 0.0)) return 0.0;
      mean += std::log(samples[i]);
    }
    mean /= static_cast<double>(count);
    for (std::size_t i = start; i < start + count; ++i) squares += (std::log(samples[i]) - mean) * (std::log(samples[i]) - mean);
    n += count;
    start += count;
  }
  return n > rounds.size() ? squares / static_cast<double>(n - rounds.size()) : 0.0;
}

SampleSummary summarize_samples(std::span<const double> samples) {
  SampleSummary s;
  s.n = samples.size();
  s.median = stats::median(samples);
  s.robust_cv = stats::robust_cv(samples);
  return s;
}

Evidence gather_evidence(std::span<const double> baseline, const SampleSummary& baseline_summary,
                         std::span<const double> current, const SampleSummary& current_summary,
                         const GateSettings& settings) {
  Evidence e;
  e.ratio = current_summary.median / baseline_summary.median;
  const stats::MannWhitney test = stats::mann_whitney_u(baseline, current);
  e.p_slower = e.q_slower = test.p_slower;
  e.p_faster = e.q_faster = test.p_faster;
  e.exact_p = test.exact;
  show_change_direction(e);
  if (all_positive(baseline) && all_positive(current)) {
    e.between_run_term = between_run_term(baseline_summary, current_summary, settings);
    e.run_spread = run_spread(baseline_summary, current_summary, settings);
    const stats::RatioInterval interval =
        stats::widen(stats::ratio_interval(baseline, current, settings.confidence), e.between_run_term);
    e.interval_available = interval.available;
    e.ci_low = interval.low;
    e.ci_high = interval.high;
  }
  return e;
}

void show_change_direction(Evidence& e) {
  const bool slower = !(e.ratio < 1.0);
  e.p_value = slower ? e.p_slower : e.p_faster;
  e.q_value = slower ? e.q_slower : e.q_faster;
}

void set_one_sided_from_two_sided(Evidence& e, double two_sided_p) {
  const double toward = two_sided_p / 2.0, away = 1.0 - two_sided_p / 2.0;
  e.p_slower = e.ratio > 1.0 ? toward : away;
  e.p_faster = e.ratio < 1.0 ? toward : away;
  e.q_slower = e.p_slower;
  e.q_faster = e.p_faster;
  show_change_direction(e);
}

// Two families over the same cases, one a direction: a slowdown is tested
// among all the run's possible slowdowns, a speed-up among its speed-ups.
void assign_q_values(const std::vector<Evidence*>& family, std::size_t family_size) {
  std::vector<double> slower, faster;
  slower.reserve(std::max(family.size(), family_size));
  faster.reserve(std::max(family.size(), family_size));
  for (const Evidence* e : family) {
    slower.push_back(e->p_slower);
    faster.push_back(e->p_faster);
  }
  slower.resize(std::max(family.size(), family_size), 1.0);  // the members that left the family
  faster.resize(slower.size(), 1.0);
  const std::vector<double> q_slower = stats::benjamini_hochberg(slower);
  const std::vector<double> q_faster = stats::benjamini_hochberg(faster);
  for (std::size_t i = 0; i < family.size(); ++i) {
    family[i]->q_slower = q_slower[i];
    family[i]->q_faster = q_faster[i];
    show_change_direction(*family[i]);
  }
}

bool enough_samples(const SampleSummary& baseline, const SampleSummary& current, const GateSettings& settings) {
  return baseline.n >= settings.min_samples && current.n >= settings.min_samples;
}

}  // namespace perfgate
