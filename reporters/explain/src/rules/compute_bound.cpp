// compute-bound: a case on the compute side of the roofline that reaches
// under 50% of the compute ceiling of its declared precision.

#include "perfgate/model/precision.hpp"
#include "perfgate/model/counter_names.hpp"
#include "rules.hpp"

namespace perfgate::rules {
namespace {

constexpr double kTarget = 50.0;  // % of the compute ceiling
constexpr double kHigh = 20.0;

std::string hint_for(std::optional<Precision> p) {
  if (!p) return "Use a tuned library (cuBLAS, CUTLASS, cuDNN) or tensor cores; raise occupancy and instruction-level "
                 "parallelism (more independent work per thread, fewer register spills).";
  const std::string name = precision_name(*p);
  if (*p == Precision::fp32 || *p == Precision::fp64)
    return "Measured against the " + name + " ceiling: use a tuned library (cuBLAS, CUTLASS) or tensor cores (TF32/BF16, "
           "see faster-precision where a variant was measured); raise occupancy and instruction-level parallelism.";
  return "Measured against the " + name + " tensor-core ceiling: make sure the work runs on tensor cores (a tuned "
         "library, shapes padded to multiples of 16), then raise occupancy and instruction-level parallelism.";
}

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  for (const BenchmarkResult& b : ctx.current.benchmarks) {
    if (!ctx.measured(b.name) || label(b, counter::kBound) != "compute") continue;
    if (ctx.launch_dominated(*ctx.median(b.name))) continue;  // the launch-bound rule's case
    const auto pct = number(b, counter::kComputePct);
    if (!pct || *pct <= 0 || *pct >= kTarget) continue;
    const auto precision = declared_precision(b);
    Suggestion s;
    s.benchmark = b.name;
    s.priority = *pct < kHigh ? Priority::high : Priority::medium;
    s.evidence = "compute-bound at " + format_number(*pct) + "% of the " +
                 (precision ? precision_name(*precision) + " " : std::string()) + "compute ceiling";
    if (const auto tflops = number(b, counter::kTflopPerSecond)) s.evidence += " (" + format_number(*tflops) + " TFLOP/s)";
    if (const auto ceilings = label(b, counter::kCeilings)) s.evidence += "; " + *ceilings + " ceilings";
    s.expected_gain.factor = kTarget / *pct;
    s.expected_gain.text = "estimate: " + format_number(s.expected_gain.factor) +
                           "x if it reached 50% of the compute ceiling";
    s.hint = hint_for(precision);
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

Rule compute_bound() {
  return make_rule("compute-bound", "compute-bound cases under 50% of their precision's compute ceiling", apply);
}

}  // namespace perfgate::rules
