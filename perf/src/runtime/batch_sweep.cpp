#include "perfgate/runtime/batch_sweep.hpp"

#include <cmath>
#include <cstdio>
#include <optional>

namespace perfgate::figures {
namespace {

using Sweep = std::vector<std::pair<int, std::string>>;

std::vector<std::string> case_names(const Sweep& sweep) {
  std::vector<std::string> names;
  for (const auto& [batch, name] : sweep) names.push_back(name);
  return names;
}

// Throughput per measured batch size (NaN where the case has no median).
std::vector<double> throughputs(const Sweep& sweep, const std::vector<double>& medians) {
  std::vector<double> t;
  for (std::size_t i = 0; i < sweep.size(); ++i)
    t.push_back(std::isfinite(medians[i]) && medians[i] > 0 ? sweep[i].first / medians[i] : std::nan(""));
  return t;
}

std::optional<double> best(const std::vector<double>& throughput, std::string* why_not) {
  double top = 0.0;
  for (double t : throughput)
    if (std::isfinite(t) && t > top) top = t;
  if (top > 0) return top;
  *why_not = "no batch size of the sweep was measured";
  return std::nullopt;
}

FigureDefinition sweep_figure(std::string name, std::string unit, std::string formula, const Sweep& sweep) {
  FigureDefinition f;
  f.name = std::move(name);
  f.unit = std::move(unit);
  f.formula = std::move(formula) + " over the measured B of " + sweep.front().second + " .. " + sweep.back().second;
  f.inputs = case_names(sweep);
  f.tolerates_missing_inputs = true;
  return f;
}

}  // namespace

std::vector<FigureDefinition> batch_sweep(const std::string& prefix, const Sweep& sweep, double knee_fraction) {
  char percent[16];
  std::snprintf(percent, sizeof percent, "%g", 100.0 * knee_fraction);
  FigureDefinition top = sweep_figure(prefix + "/best_throughput", "samples/s", "max of B / median(case B)", sweep);
  top.derive = [sweep](const std::vector<double>& medians, std::string* why_not) {
    return best(throughputs(sweep, medians), why_not);
  };
  FigureDefinition knee = sweep_figure(prefix + "/knee_batch", "batch",
                                       std::string("smallest B with B / median(case B) >= ") + percent + "% of the best", sweep);
  knee.derive = [sweep, knee_fraction](const std::vector<double>& medians, std::string* why_not) -> std::optional<double> {
    const std::vector<double> t = throughputs(sweep, medians);
    const std::optional<double> highest = best(t, why_not);
    if (!highest) return std::nullopt;
    for (std::size_t i = 0; i < t.size(); ++i)
      if (std::isfinite(t[i]) && t[i] >= knee_fraction * *highest) return sweep[i].first;
    return std::nullopt;
  };
  FigureDefinition fits = sweep_figure(prefix + "/largest_batch_that_fits", "batch", "largest B with a measured case", sweep);
  fits.derive = [sweep](const std::vector<double>& medians, std::string* why_not) -> std::optional<double> {
    for (std::size_t i = sweep.size(); i-- > 0;)
      if (std::isfinite(medians[i])) return sweep[i].first;
    *why_not = "no batch size of the sweep was measured";
    return std::nullopt;
  };
  return {top, knee, fits};
}

}  // namespace perfgate::figures
