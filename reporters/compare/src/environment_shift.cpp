#include "perfgate/compare/environment_shift.hpp"

#include <cmath>

#include "perfgate/stats/summary.hpp"

namespace perfgate {
namespace {

bool usable(const BenchmarkComparison& b, const GateSettings& settings) {
  return b.evidence && b.evidence->ratio > 0 && std::isfinite(b.evidence->ratio) &&
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
