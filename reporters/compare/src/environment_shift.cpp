#include "perfgate/compare/environment_shift.hpp"

#include <cmath>

#include "perfgate/stats/summary.hpp"

namespace perfgate {

std::optional<EnvironmentShift> detect_environment_shift(const std::vector<BenchmarkComparison>& benchmarks,
                                                         const GateSettings& settings) {
  std::vector<double> log_ratios;
  for (const auto& b : benchmarks) {
    const bool usable = b.evidence && b.evidence->ratio > 0 && std::isfinite(b.evidence->ratio) &&
                        b.baseline->n >= settings.min_samples && b.current->n >= settings.min_samples;
    if (usable) log_ratios.push_back(std::log(b.evidence->ratio));
  }
  if (log_ratios.size() < 3) return std::nullopt;
  const double centre = stats::median(log_ratios);
  const double floor = std::log1p(settings.threshold_pct / 100.0);
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

}  // namespace perfgate
