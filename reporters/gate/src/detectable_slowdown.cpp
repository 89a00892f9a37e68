#include "perfgate/gate/detectable_slowdown.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "perfgate/gate/gate_status.hpp"

namespace perfgate {
namespace {

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

std::string percent(double pct) {
  char text[32];
  std::snprintf(text, sizeof text, pct < 10 ? "%.1f%%" : "%.0f%%", pct);
  return text;
}

// What widens the interval, and what narrows it, by the reference's kind.
std::string remedy(const Comparison& comparison) {
  if (comparison.reference.kind == ReferenceKind::build)
    return "more alternating rounds or repetitions a side, or a quieter runner";
  return "a baseline recorded on an idle machine with more rounds (perfgate baseline update --rounds 5), more "
         "repetitions, or the reference built and measured on this runner (perfgate run --against baseline), whose "
         "interval does not carry the spread between the baseline's days";
}

}  // namespace

std::optional<double> detectable_slowdown_pct(const Evidence& e, double threshold_pct) {
  if (!e.interval_available || !(e.ci_low > 0) || !(e.ci_high >= e.ci_low)) return std::nullopt;
  const double w = std::log(e.ci_high / e.ci_low) / 2;
  const double t = threshold_pct / 100;
  const double ratio = std::max(std::exp(w), (1 + t) * std::exp(-w));
  return std::isfinite(ratio) ? std::optional<double>((ratio - 1) * 100) : std::nullopt;
}

void set_detectable_slowdowns(Comparison& comparison) {
  for (BenchmarkComparison& b : comparison.benchmarks)
    b.detectable_pct = b.evidence && is_gated(b, comparison.settings)
                           ? detectable_slowdown_pct(*b.evidence, b.threshold_pct)
                           : std::nullopt;
}

GateSight gate_sight(const Comparison& comparison) {
  GateSight sight;
  std::vector<double> detectable, thresholds;
  for (const BenchmarkComparison& b : comparison.benchmarks) {
    if (!b.detectable_pct) continue;
    detectable.push_back(*b.detectable_pct);
    thresholds.push_back(b.threshold_pct);
    if (*b.detectable_pct > b.threshold_pct) ++sight.blind;
    if (sight.worst_case.empty() || *b.detectable_pct > sight.worst_pct) {
      sight.worst_pct = *b.detectable_pct;
      sight.worst_case = b.name;
    }
  }
  sight.cases = detectable.size();
  if (sight.cases == 0) return sight;
  sight.median_pct = median(detectable);
  sight.median_threshold_pct = median(thresholds);
  return sight;
}

std::optional<std::string> blind_below(const Comparison& comparison) {
  const GateSight sight = gate_sight(comparison);
  if (sight.cases == 0 || !(sight.median_pct > sight.median_threshold_pct)) return std::nullopt;
  return "could not see changes below " + percent(sight.median_pct);
}

std::optional<std::string> sight_warning(const Comparison& comparison) {
  const GateSight sight = gate_sight(comparison);
  if (sight.blind == 0) return std::nullopt;
  const std::string cases = std::to_string(sight.cases) + " gated case" + (sight.cases == 1 ? "" : "s");
  if (const auto blind = blind_below(comparison))
    return *blind + " (the median of " + cases + "; the threshold is " +
           percent(sight.median_threshold_pct) + ", the worst case " + sight.worst_case + " " + percent(sight.worst_pct) +
           "): its intervals are wider than the threshold; narrower ones need " + remedy(comparison);
  return std::to_string(sight.blind) + " of " + cases + " could not see changes below their threshold (the worst, " +
         sight.worst_case + ", below " + percent(sight.worst_pct) + "); narrower intervals need " + remedy(comparison);
}

}  // namespace perfgate
