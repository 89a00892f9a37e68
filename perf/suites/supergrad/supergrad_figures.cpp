#include "supergrad_figures.hpp"

#include <cmath>
#include <optional>
#include <utility>

#include "perfgate/model/counter_names.hpp"
#include "scaling_figures.hpp"

namespace perfgate::supergrad {
namespace {

constexpr const char* kMethods[] = {"adjoint", "tape"};

std::string method_prefix(const std::string& method) { return "supergrad/" + method; }

// numerator's value / denominator's: each case's median time, or its
// `counter` when one is named.
FigureDefinition pair_ratio(std::string name, const std::string& numerator, const std::string& denominator,
                            const std::string& counter) {
  const std::string of = counter.empty() ? "median" : counter;
  const std::string below = of + "(" + denominator + ")";
  auto derive = [below](const std::vector<double>& m, std::string* why_not) -> std::optional<double> {
    if (!(m[1] > 0)) {
      *why_not = below + " is not positive";
      return std::nullopt;
    }
    return m[0] / m[1];
  };
  return {.name = std::move(name), .unit = "x", .formula = of + "(" + numerator + ") / " + below,
          .inputs = {numerator, denominator}, .derive = std::move(derive), .counter = counter};
}

// The two ratios at one configuration ("gpus:N" or "steps:T"): time, adjoint
// over tape (above 1 the tape is faster), and measured peak memory, tape over
// adjoint (what storing every state costs).
void method_ratios(const std::string& configuration, std::vector<FigureDefinition>* figures) {
  const std::string adjoint = method_prefix("adjoint") + "/" + configuration, tape = method_prefix("tape") + "/" + configuration;
  figures->push_back(pair_ratio("supergrad/adjoint_vs_tape/" + configuration, adjoint, tape, ""));
  figures->push_back(pair_ratio("supergrad/tape_vs_adjoint_memory/" + configuration, tape, adjoint, counter::kDeviceMemoryPeakBytes));
}

// The largest T whose case was measured: a T that did not fit reaches the
// figure as NaN (tolerates_missing_inputs).
FigureDefinition largest_steps(const std::string& method, const std::vector<int>& steps) {
  FigureDefinition f;
  f.name = method_prefix(method) + "/largest_steps_that_fit";
  f.unit = "steps";
  f.formula = "the largest T of " + method_prefix(method) + "/steps:T that was measured (a skipped T did not fit)";
  for (int t : steps) f.inputs.push_back(steps_case(method, t));
  f.tolerates_missing_inputs = true;
  f.derive = [steps](const std::vector<double>& m, std::string* why_not) -> std::optional<double> {
    std::optional<double> largest;
    for (std::size_t i = 0; i < m.size(); ++i)
      if (std::isfinite(m[i]) && m[i] > 0) largest = steps[i];
    if (!largest) *why_not = "no step count of the sweep was measured";
    return largest;
  };
  return f;
}

}  // namespace

std::string gpus_case(const std::string& method, int gpus) { return scaling::gpus_case(method_prefix(method), gpus); }
std::string steps_case(const std::string& method, int steps) { return method_prefix(method) + "/steps:" + std::to_string(steps); }

std::vector<FigureDefinition> supergrad_figures(const std::vector<int>& gpu_counts, const std::vector<int>& swept_steps) {
  std::vector<FigureDefinition> figures;
  for (int n : gpu_counts) method_ratios("gpus:" + std::to_string(n), &figures);
  for (int t : swept_steps) method_ratios("steps:" + std::to_string(t), &figures);
  for (const char* method : kMethods) {
    for (FigureDefinition& f : scaling::scaling_figures(method_prefix(method), scaling::ScalingMode::strong, gpu_counts))
      figures.push_back(std::move(f));
    figures.push_back(largest_steps(method, swept_steps));
  }
  return figures;
}

}  // namespace perfgate::supergrad
