#include "perfgate/compare/classify.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace perfgate {
namespace {

std::string format(const char* pattern, double a, double b = 0.0, double c = 0.0) {
  char text[160];
  std::snprintf(text, sizeof text, pattern, a, b, c);
  return text;
}

}  // namespace

double practical_threshold_pct(double threshold_pct, const GateSettings& settings,
                               const SampleSummary& baseline, const SampleSummary& current) {
  const double noise = std::max(baseline.robust_cv, current.robust_cv);
  return std::max({threshold_pct, settings.noise_multiplier * noise * 100.0, baseline.run_to_run_pct});
}

Classification classify(const SampleSummary& baseline, const SampleSummary& current,
                        const Evidence& evidence, double threshold_pct, const GateSettings& settings) {
  if (baseline.n < settings.min_samples || current.n < settings.min_samples)
    return {Verdict::inconclusive, "too few valid samples (" + std::to_string(baseline.n) + " baseline, " +
                                       std::to_string(current.n) + " current; need " +
                                       std::to_string(settings.min_samples) + " each)"};
  if (!(baseline.median > 0.0) || !(current.median > 0.0))
    return {Verdict::inconclusive, "a median time is zero, so no ratio can be formed"};
  const double change_pct = (evidence.ratio - 1.0) * 100.0;
  if (std::fabs(change_pct) <= threshold_pct)
    return {Verdict::no_change, format("%+.2f%% is within the %.2f%% threshold", change_pct, threshold_pct)};
  const bool slower = change_pct > 0;
  const bool significant = evidence.q_value < settings.fdr_q;
  const bool interval_clear = evidence.interval_available &&
                              (slower ? evidence.ci_low > 1.0 : evidence.ci_high < 1.0);
  if (significant && interval_clear)
    return {slower ? Verdict::regression : Verdict::improvement,
            format(slower ? "%.2f%% slower (threshold %.2f%%), q = %.2g" : "%.2f%% faster (threshold %.2f%%), q = %.2g",
                   std::fabs(change_pct), threshold_pct, evidence.q_value)};
  std::string missing = !significant ? format("q = %.2g is not below %.2g", evidence.q_value, settings.fdr_q)
                                     : !evidence.interval_available ? "too few samples for an interval"
                                                                    : "the interval includes 1";
  return {Verdict::inconclusive,
          format(slower ? "%.2f%% slower" : "%.2f%% faster", std::fabs(change_pct)) + " but " + missing};
}

}  // namespace perfgate
