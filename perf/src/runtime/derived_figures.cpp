#include "perfgate/runtime/derived_figures.hpp"

#include <algorithm>
#include <cmath>
#include <variant>

#include "perfgate/platform/errors.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate {
namespace {

std::string median_of(const std::string& case_name) { return "median(" + case_name + ")"; }

// numerator / denominator, or no value (and why) when the denominator is not
// positive: a zero median times nothing, and a ratio over it means nothing.
std::optional<double> ratio(double numerator, double denominator, const std::string& denominator_text,
                            std::string* why_not) {
  if (denominator > 0) return numerator / denominator;
  *why_not = denominator_text + " is not positive";
  return std::nullopt;
}

// Static registrations run before main(), in any order across files: the
// list must exist before the first of them.
std::vector<FigureDefinition>& registry() {
  static std::vector<FigureDefinition> definitions;
  return definitions;
}

const BenchmarkResult* find_case(const std::vector<BenchmarkResult>& cases, const std::string& name) {
  const auto it = std::find_if(cases.begin(), cases.end(), [&](const BenchmarkResult& b) { return b.name == name; });
  return it == cases.end() ? nullptr : &*it;
}

// Why `name` has no median to offer, or nullopt when it has one.
std::optional<std::string> unusable(const BenchmarkResult* b, const std::string& name) {
  if (!b) return quote_text(name) + " was not run";
  if (b->error) return quote_text(name) + " failed";
  if (b->skipped) return quote_text(name) + " was skipped: " + quote_text(*b->skipped);
  if (b->samples.empty()) return quote_text(name) + " has no samples";
  return std::nullopt;
}

// What `b` offers the figure: its median time, or the definition's counter.
std::optional<double> input_value(const FigureDefinition& definition, const BenchmarkResult& b, std::string* why_not) {
  if (definition.counter.empty()) return stats::median(b.samples);
  const auto it = b.counters.find(definition.counter);
  const double* number = it == b.counters.end() ? nullptr : std::get_if<double>(&it->second);
  if (number && std::isfinite(*number)) return *number;
  *why_not = quote_text(b.name) + " has no numeric counter " + quote_text(definition.counter);
  return std::nullopt;
}

DerivedFigure derive_one(const FigureDefinition& definition, const std::vector<BenchmarkResult>& cases) {
  DerivedFigure figure;
  figure.name = definition.name;
  figure.unit = definition.unit;
  figure.formula = definition.formula;
  figure.inputs = definition.inputs;
  std::vector<double> values;  // medians, or the counter's values
  for (const std::string& input : definition.inputs) {
    const BenchmarkResult* b = find_case(cases, input);
    std::string why;
    std::optional<double> value;
    if (auto reason = unusable(b, input)) why = *reason;
    else value = input_value(definition, *b, &why);
    if (!value && !definition.tolerates_missing_inputs) {
      figure.missing = why;
      return figure;
    }
    values.push_back(value.value_or(std::nan("")));
  }
  std::string why_not;
  const std::optional<double> value = definition.derive ? definition.derive(values, &why_not) : std::nullopt;
  if (value && std::isfinite(*value)) figure.value = value;
  else figure.missing = why_not.empty() ? "the formula gave no finite value" : why_not;
  return figure;
}

bool any_input_ran(const FigureDefinition& definition, const std::vector<BenchmarkResult>& cases) {
  return std::any_of(definition.inputs.begin(), definition.inputs.end(),
                     [&](const std::string& input) { return find_case(cases, input) != nullptr; });
}

}  // namespace

namespace figures {

FigureDefinition speedup(std::string name, std::string slower_case, std::string faster_case) {
  const std::string denominator = median_of(faster_case);
  return {std::move(name), "x", median_of(slower_case) + " / " + denominator, {slower_case, faster_case},
          [denominator](const std::vector<double>& m, std::string* why_not) {
            return ratio(m[0], m[1], denominator, why_not);
          }};
}

FigureDefinition percent_of(std::string name, std::string case_name, std::string reference_case) {
  const std::string denominator = median_of(case_name);
  return {std::move(name), "%", "100 * " + median_of(reference_case) + " / " + denominator, {case_name, reference_case},
          [denominator](const std::vector<double>& m, std::string* why_not) -> std::optional<double> {
            const auto r = ratio(m[1], m[0], denominator, why_not);
            return r ? std::optional(100.0 * *r) : std::nullopt;
          }};
}

FigureDefinition break_even_calls(std::string name, std::string one_time_cost_case, std::string slower_case,
                                  std::string faster_case) {
  const std::string gain = median_of(slower_case) + " - " + median_of(faster_case);
  std::string formula = median_of(one_time_cost_case) + " / (" + gain + ")";
  const std::string not_faster = quote_text(faster_case) + " is not faster per call than " + quote_text(slower_case);
  return {std::move(name), "calls", std::move(formula), {one_time_cost_case, slower_case, faster_case},
          [not_faster](const std::vector<double>& m, std::string* why_not) -> std::optional<double> {
            // No gain per call: the one-time cost is never repaid.
            if (m[1] <= m[2]) {
              *why_not = not_faster;
              return std::nullopt;
            }
            return m[0] / (m[1] - m[2]);
          }};
}

FigureDefinition overlap_bound(std::string name, std::string copy_case, std::string compute_case) {
  const std::string copy = median_of(copy_case), compute = median_of(compute_case);
  const std::string denominator = "max(" + copy + ", " + compute + ")";
  return {std::move(name), "x", "(" + copy + " + " + compute + ") / " + denominator, {copy_case, compute_case},
          [denominator](const std::vector<double>& m, std::string* why_not) {
            return ratio(m[0] + m[1], std::max(m[0], m[1]), denominator, why_not);
          }};
}

}  // namespace figures

int register_figure(FigureDefinition definition) {
  registry().push_back(std::move(definition));
  return static_cast<int>(registry().size());
}

const std::vector<FigureDefinition>& registered_figures() { return registry(); }

std::vector<DerivedFigure> derive_figures(const std::vector<BenchmarkResult>& cases,
                                          const std::vector<FigureDefinition>& definitions) {
  std::vector<DerivedFigure> derived;
  for (const FigureDefinition& definition : definitions)
    if (any_input_ran(definition, cases)) derived.push_back(derive_one(definition, cases));
  return derived;
}

}  // namespace perfgate
