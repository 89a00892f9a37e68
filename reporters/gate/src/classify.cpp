#include "perfgate/gate/classify.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "perfgate/model/time_text.hpp"

namespace perfgate {
namespace {

// printf into a string; a percentage comes in as format_percent's text.
template <typename... Values>
std::string format(const char* pattern, Values... values) {
  char text[400];
  std::snprintf(text, sizeof text, pattern, values...);
  return text;
}

double pct(double ratio) { return (ratio - 1.0) * 100.0; }

// Some slowdown is established (q, and the interval above 1): is one of the
// threshold's size still within the interval?  If not, it is too small to
// fail for, however certain.
Classification judge_slower(const Evidence& e, double threshold_pct) {
  if (pct(e.ci_high) > threshold_pct)
    return {Verdict::regression,
            format("%s slower (interval %s to %s reaches the %.2f%% threshold), q = %.2g",
                   format_percent(pct(e.ratio), 2, false).c_str(), format_percent(pct(e.ci_low), 2).c_str(),
                   format_percent(pct(e.ci_high), 2).c_str(), threshold_pct, e.q_slower)};
  return {Verdict::no_change, format("significant but at most %s slower, within the %.2f%% threshold (q = %.2g)",
                                     format_percent(pct(e.ci_high), 2, false).c_str(), threshold_pct, e.q_slower)};
}

// The mirror image: a speed-up of the threshold's size is a ratio of
// 1 / (1 + t), so that t% slower and t% faster undo each other.
Classification judge_faster(const Evidence& e, double threshold_pct) {
  const double faster_pct = (1.0 / e.ci_low - 1.0) * 100.0;  // the largest speed-up within the interval
  if (faster_pct > threshold_pct)
    return {Verdict::improvement,
            format("%s faster (interval %s to %s reaches the %.2f%% threshold), q = %.2g",
                   format_percent(-pct(e.ratio), 2, false).c_str(), format_percent(pct(e.ci_low), 2).c_str(),
                   format_percent(pct(e.ci_high), 2).c_str(), threshold_pct, e.q_faster)};
  return {Verdict::no_change, format("significant but at most %s faster, within the %.2f%% threshold (q = %.2g)",
                                     format_percent(faster_pct, 2, false).c_str(), threshold_pct, e.q_faster)};
}

// No change is established: NO_CHANGE when the measured change is within
// the threshold anyway, else INCONCLUSIVE with what is missing.
// Why the interval is wide when the run was disturbed (RunSpreadSource::noise):
// the reader sees the spreads that widened it, not only that it includes 1.
std::string disturbed_run_note(const Evidence& e, const SampleSummary& baseline, const SampleSummary& current) {
  if (e.run_spread.source != RunSpreadSource::noise) return "";
  return format(" (this run spread %.1f%% against its baseline's %.1f%%: the machine moved while it ran, so another run "
                "may move its median by about %.1f%%)",
                current.robust_cv * 100.0, baseline.robust_cv * 100.0, e.run_spread.sd * 100.0);
}

Classification judge_unclear(const Evidence& e, const SampleSummary& baseline, const SampleSummary& current,
                             double threshold_pct, const GateSettings& settings) {
  const double change_pct = pct(e.ratio);
  if (std::fabs(change_pct) <= threshold_pct)
    return {Verdict::no_change, format("%s is within the %.2f%% threshold", format_percent(change_pct, 2).c_str(), threshold_pct)};
  const bool slower = change_pct > 0;
  const std::string missing = !(e.q_value < settings.fdr_q)
                                  ? format("q = %.2g is not below %.2g", e.q_value, settings.fdr_q)
                              : !e.interval_available ? "too few samples for an interval"
                                                      : "the interval includes 1";
  return {Verdict::inconclusive, format_percent(std::fabs(change_pct), 2, false) + (slower ? " slower" : " faster") + " but " +
                                     missing + disturbed_run_note(e, baseline, current)};
}

}  // namespace

double practical_threshold_pct(double threshold_pct, const GateSettings& settings,
                               const SampleSummary& baseline, const SampleSummary& current) {
  const double noise = std::max(baseline.robust_cv, current.robust_cv);
  return std::max(threshold_pct, settings.noise_multiplier * noise * 100.0);
}

Classification classify(const SampleSummary& baseline, const SampleSummary& current,
                        const Evidence& evidence, double threshold_pct, const GateSettings& settings) {
  if (baseline.n < settings.min_samples || current.n < settings.min_samples)
    return {Verdict::inconclusive, "too few valid samples (" + std::to_string(baseline.n) + " baseline, " +
                                       std::to_string(current.n) + " current; need " +
                                       std::to_string(settings.min_samples) + " each)"};
  if (!(baseline.median > 0.0) || !(current.median > 0.0))
    return {Verdict::inconclusive, "a median time is zero, so no ratio can be formed"};
  // Each direction decided by its own one-sided family (issue 30).
  const bool interval = evidence.interval_available;
  if (interval && evidence.q_slower < settings.fdr_q && evidence.ci_low > 1.0) return judge_slower(evidence, threshold_pct);
  if (interval && evidence.q_faster < settings.fdr_q && evidence.ci_high < 1.0) return judge_faster(evidence, threshold_pct);
  return judge_unclear(evidence, baseline, current, threshold_pct, settings);
}

}  // namespace perfgate
