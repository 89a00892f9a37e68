#include "supergrad_figures.hpp"

#include <cmath>
#include <optional>
#include <utility>

#include "scaling_figures.hpp"

namespace perfgate::supergrad {
namespace {

constexpr const char* kMethods[] = {"adjoint", "tape"};

std::string method_prefix(const std::string& method) { return "supergrad/" + method; }

FigureDefinition time_ratio(int gpus) {
  const std::string adjoint = gpus_case("adjoint", gpus), tape = gpus_case("tape", gpus);
  FigureDefinition f;
  f.name = "supergrad/adjoint_vs_tape/gpus:" + std::to_string(gpus);
  f.unit = "x";
  f.formula = "median(" + adjoint + ") / median(" + tape + ")";
  f.inputs = {adjoint, tape};
  f.derive = [tape](const std::vector<double>& m, std::string* why_not) -> std::optional<double> {
    if (!(m[1] > 0)) {
      *why_not = "median(" + tape + ") is not positive";
      return std::nullopt;
    }
    return m[0] / m[1];
  };
  return f;
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
  for (int n : gpu_counts) figures.push_back(time_ratio(n));
  for (const char* method : kMethods) {
    for (FigureDefinition& f : scaling::scaling_figures(method_prefix(method), scaling::ScalingMode::strong, gpu_counts))
      figures.push_back(std::move(f));
    figures.push_back(largest_steps(method, swept_steps));
  }
  return figures;
}

}  // namespace perfgate::supergrad
