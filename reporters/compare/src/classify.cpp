#include "perfgate/compare/classify.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace perfgate {
namespace {

std::string format(const char* pattern, double a, double b = 0.0, double c = 0.0, double d = 0.0,
                   double e = 0.0) {
  char text[240];
  std::snprintf(text, sizeof text, pattern, a, b, c, d, e);
  return text;
}

double pct(double ratio) { return (ratio - 1.0) * 100.0; }

// Some slowdown is established (q, and the interval above 1): is one of the
// threshold's size still within the interval?  If not, it is too small to
// fail for, however certain.
Classification judge_slower(const Evidence& e, double threshold_pct) {
  if (pct(e.ci_high) > threshold_pct)
    return {Verdict::regression,
            format("%.2f%% slower (interval %+.2f%% to %+.2f%% reaches the %.2f%% threshold), q = %.2g",
                   pct(e.ratio), pct(e.ci_low), pct(e.ci_high), threshold_pct, e.q_slower)};
  return {Verdict::no_change, format("significant but at most %.2f%% slower, within the %.2f%% threshold (q = %.2g)",
                                     pct(e.ci_high), threshold_pct, e.q_slower)};
}

// The mirror image: a speed-up of the threshold's size is a ratio of
// 1 / (1 + t), so that t% slower and t% faster undo each other.
Classification judge_faster(const Evidence& e, double threshold_pct) {
  const double faster_pct = (1.0 / e.ci_low - 1.0) * 100.0;  // the largest speed-up within the interval
  if (faster_pct > threshold_pct)
    return {Verdict::improvement,
            format("%.2f%% faster (interval %+.2f%% to %+.2f%% reaches the %.2f%% threshold), q = %.2g",
                   -pct(e.ratio), pct(e.ci_low), pct(e.ci_high), threshold_pct, e.q_faster)};
  return {Verdict::no_change, format("significant but at most %.2f%% faster, within the %.2f%% threshold (q = %.2g)",
                                     faster_pct, threshold_pct, e.q_faster)};
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
    return {Verdict::no_change, format("%+.2f%% is within the %.2f%% threshold", change_pct, threshold_pct)};
  const bool slower = change_pct > 0;
  const std::string missing = !(e.q_value < settings.fdr_q)
                                  ? format("q = %.2g is not below %.2g", e.q_value, settings.fdr_q)
                              : !e.interval_available ? "too few samples for an interval"
                                                      : "the interval includes 1";
  return {Verdict::inconclusive, format(slower ? "%.2f%% slower" : "%.2f%% faster", std::fabs(change_pct)) + " but " +
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
