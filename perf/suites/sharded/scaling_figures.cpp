#include "scaling_figures.hpp"

#include <optional>
#include <utility>

namespace perfgate::scaling {
namespace {

// scale * m(1) / m(N); no value when m(N) is not positive.
FigureDefinition ratio_figure(std::string name, std::string unit, std::string formula, std::string one_gpu,
                              std::string n_gpus, double scale) {
  FigureDefinition f;
  f.name = std::move(name);
  f.unit = std::move(unit);
  f.formula = std::move(formula);
  const std::string not_positive = "median(" + n_gpus + ") is not positive";
  f.inputs = {std::move(one_gpu), std::move(n_gpus)};
  f.derive = [scale, not_positive](const std::vector<double>& m, std::string* why_not) -> std::optional<double> {
    if (!(m[1] > 0)) {
      *why_not = not_positive;
      return std::nullopt;
    }
    return scale * m[0] / m[1];
  };
  return f;
}

}  // namespace

const char* to_string(ScalingMode mode) { return mode == ScalingMode::strong ? "strong" : "weak"; }

std::string gpus_case(const std::string& prefix, int gpus) { return prefix + "/gpus:" + std::to_string(gpus); }

std::vector<FigureDefinition> scaling_figures(const std::string& prefix, ScalingMode mode, const std::vector<int>& gpu_counts) {
  std::vector<FigureDefinition> figures;
  const std::string one = gpus_case(prefix, 1);
  for (int n : gpu_counts) {
    if (n <= 1) continue;
    const std::string many = gpus_case(prefix, n), suffix = "/gpus:" + std::to_string(n), count = std::to_string(n);
    if (mode == ScalingMode::strong) {
      figures.push_back(ratio_figure(prefix + "/speedup" + suffix, "x", "median(" + one + ") / median(" + many + ")", one,
                                     many, 1.0));
      figures.push_back(ratio_figure(prefix + "/efficiency" + suffix, "%",
                                     "100 * median(" + one + ") / (" + count + " * median(" + many + "))", one, many,
                                     100.0 / n));
    } else {
      figures.push_back(ratio_figure(prefix + "/efficiency" + suffix, "%",
                                     "100 * median(" + one + ") / median(" + many + ")", one, many, 100.0));
    }
  }
  return figures;
}

}  // namespace perfgate::scaling
