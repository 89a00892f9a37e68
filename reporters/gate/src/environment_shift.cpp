#include "perfgate/gate/environment_shift.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include "perfgate/stats/ratio_interval.hpp"
#include "perfgate/stats/summary.hpp"
#include "perfgate/model/time_text.hpp"

namespace perfgate {
namespace {

// A case read from a file may hold evidence without the summaries it came
// from (an edited or damaged comparison file): it counts as no case.
bool usable(const BenchmarkComparison& b, const GateSettings& settings) {
  return b.evidence && b.evidence->ratio > 0 && std::isfinite(b.evidence->ratio) && b.baseline && b.current &&
         b.baseline->n >= settings.min_samples && b.current->n >= settings.min_samples;
}

double floor_of(const GateSettings& settings) { return std::log1p(settings.threshold_pct / 100.0); }

}  // namespace

std::optional<EnvironmentShift> detect_environment_shift(const std::vector<BenchmarkComparison>& benchmarks,
                                                         const GateSettings& settings) {
  std::vector<double> log_ratios;
  for (const auto& b : benchmarks)
    if (usable(b, settings)) log_ratios.push_back(std::log(b.evidence->ratio));
  if (log_ratios.size() < 3) return std::nullopt;
  const double centre = stats::median(log_ratios);
  const double floor = floor_of(settings);
  if (std::fabs(centre) <= floor) return std::nullopt;

  EnvironmentShift shift;
  shift.slower = centre > 0;
  shift.median_ratio = std::exp(centre);
  shift.compared = log_ratios.size();
  for (double l : log_ratios)
    if ((shift.slower && l > floor) || (!shift.slower && l < -floor)) ++shift.moved;
  const double spread = 1.4826 * stats::median_absolute_deviation(log_ratios);
  shift.spread_pct = std::expm1(spread) * 100.0;
  const bool most_moved = 4 * shift.moved >= 3 * shift.compared;
  const bool similar = spread <= 0.5 * std::fabs(centre);
  if (!most_moved || !similar) return std::nullopt;
  return shift;
}

namespace {

std::string percent(double ratio) { return format_percent((ratio - 1.0) * 100.0, 2); }

// Still beyond the threshold once the shift is taken out of its interval.
// The shift is not one number for every case: a busy machine slows a
// cache-bound case more than the rest (cpu_gemm/blocked/512 4.3x in a suite
// 3.6x slower under two CPU hogs, issue 25).  So the case's interval about
// its ratio to the shift is widened, on each side, by the scatter of the
// cases around the shift at the gate's confidence (z * the shift's robust
// spread of log ratios), root-sum-square with its own half-width: a case
// stands beyond the shift only when it moved more than the machine moves
// one case against another.
bool beyond_the_shift(const Evidence& e, const EnvironmentShift& shift, double threshold_pct,
                      const GateSettings& settings) {
  if (!e.interval_available || !(e.ci_low > 0.0) || !(e.ratio > 0.0)) return false;
  const double z = stats::normal_quantile(0.5 + settings.confidence / 2.0);
  const double scatter = z * std::log1p(shift.spread_pct / 100.0);
  const double centre = std::log(e.ratio / shift.median_ratio);
  const double below = std::hypot(std::log(e.ratio / e.ci_low), scatter);
  const double above = std::hypot(std::log(e.ci_high / e.ratio), scatter);
  const double low = std::exp(centre - below), high = std::exp(centre + above);
  const bool slower = shift.slower;
  if (slower) return low > 1.0 && (high - 1.0) * 100.0 > threshold_pct;
  return high < 1.0 && (1.0 / low - 1.0) * 100.0 > threshold_pct;
}

}  // namespace

void judge_against_shift(std::vector<BenchmarkComparison>& benchmarks, const EnvironmentShift& shift,
                         const GateSettings& settings) {
  const Verdict same_way = shift.slower ? Verdict::regression : Verdict::improvement;
  char shift_text[160];
  std::snprintf(shift_text, sizeof shift_text, "environment shift: %zu of %zu cases %s, median ratio %s", shift.moved,
                shift.compared, shift.slower ? "slower" : "faster", format_ratio(shift.median_ratio).c_str());
  for (BenchmarkComparison& b : benchmarks) {
    if (b.verdict != same_way || !moved_with_shift(b, shift, settings)) continue;
    const Evidence& e = *b.evidence;
    if (beyond_the_shift(e, shift, b.threshold_pct, settings)) {
      b.reason += "; beyond the suite's shift: " + percent(e.ratio / shift.median_ratio) + " against its median ratio";
      continue;
    }
    b.verdict = Verdict::inconclusive;
    b.reason = percent(e.ratio) + ", as the whole suite moved (" + shift_text +
               "): a " + (shift.slower ? "slower" : "faster") + " machine and a change that " +
               (shift.slower ? "slows" : "speeds up") + " every case look the same; `perfgate ab` of the two builds "
               "tells them apart";
  }
}

bool moved_with_shift(const BenchmarkComparison& b, const EnvironmentShift& shift, const GateSettings& settings) {
  if (!usable(b, settings)) return false;
  const double l = std::log(b.evidence->ratio);
  return shift.slower ? l > floor_of(settings) : l < -floor_of(settings);
}

ShiftedVerdicts shifted_verdicts(const Comparison& comparison) {
  ShiftedVerdicts counts;
  if (!comparison.environment_shift) return counts;
  const EnvironmentShift& shift = *comparison.environment_shift;
  const Verdict same_way = shift.slower ? Verdict::regression : Verdict::improvement;
  for (const BenchmarkComparison& b : comparison.benchmarks) {
    if (b.ignored || b.verdict != same_way || !moved_with_shift(b, shift, comparison.settings)) continue;
    ++counts.verdicts;
    if (b.confirmation == Confirmation::confirmed) ++counts.confirmed;
  }
  return counts;
}

}  // namespace perfgate
