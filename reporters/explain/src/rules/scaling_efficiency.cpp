// "scaling-efficiency": a multi-GPU case (a path segment "gpus:<n>", n > 1)
// of a strong or weak scaling sweep (a segment "strong" or "weak") whose
// efficiency against its "gpus:1" sibling is under 0.8, with what grew:
//   strong  E(N) = T1 / (N x TN)   (the total problem fixed)
//   weak    E(N) = T1 / TN         (the problem per GPU fixed)
// From the counters the scaling suite records per iteration (compute_s: the
// compute, collective_s: the collective), the time lost against perfect
// scaling is split in two:
//   compute growth     = compute(N) - ideal compute, ideal = compute(1) / N
//                        (strong) or compute(1) (weak): imbalance or GPUs
//                        left idle by a smaller share
//   collective growth  = collective(N) - collective(1) (0 without one)
// and the larger one is named (with imbalance_pct, the slowest GPU's compute
// over the GPUs' mean, where the case records it).

#include <charconv>
#include <optional>
#include <string>
#include <string_view>

#include "rules.hpp"

namespace perfgate::rules {
namespace {

constexpr double kMinEfficiency = 0.8;
constexpr double kHighBelow = 0.5;
constexpr char kComputeCounter[] = "compute_s";
constexpr char kCollectiveCounter[] = "collective_s";
constexpr char kImbalanceCounter[] = "imbalance_pct";
constexpr std::string_view kGpusPrefix = "gpus:";

// The n of the first "gpus:<n>" segment, and the segment itself.
struct GpuCount {
  int gpus = 0;
  std::string segment;
};

std::optional<GpuCount> gpu_count(std::string_view name) {
  std::size_t start = 0;
  while (start <= name.size()) {
    const std::size_t slash = name.find('/', start);
    const std::string_view segment = name.substr(start, slash == std::string_view::npos ? name.npos : slash - start);
    if (segment.starts_with(kGpusPrefix)) {
      const std::string_view digits = segment.substr(kGpusPrefix.size());
      int n = 0;
      const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
      if (error == std::errc{} && end == digits.data() + digits.size() && n > 0) return GpuCount{n, std::string(segment)};
    }
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return std::nullopt;
}

enum class Scaling { strong, weak };

std::optional<Scaling> scaling_of(std::string_view name) {
  if (has_segment(name, "strong")) return Scaling::strong;
  if (has_segment(name, "weak")) return Scaling::weak;
  return std::nullopt;
}

// One of the two sweeps' points: the time per iteration and its parts.
struct Point {
  double total_s = 0.0;
  std::optional<double> compute_s, collective_s;
  std::optional<double> imbalance_pct;  // slowest GPU's compute over the mean, when recorded
};

Point point(const BenchmarkResult& b, double median) {
  return {median, number(b, kComputeCounter), number(b, kCollectiveCounter), number(b, kImbalanceCounter)};
}

std::string efficiency_text(Scaling scaling, int n, const Point& one, const Point& many, double efficiency) {
  const std::string N = std::to_string(n);
  if (scaling == Scaling::strong)
    return "strong scaling E(" + N + ") = T1 / (" + N + " x T" + N + ") = " + format_seconds(one.total_s) + " / (" + N +
           " x " + format_seconds(many.total_s) + ") = " + format_number(efficiency);
  return "weak scaling E(" + N + ") = T1 / T" + N + " = " + format_seconds(one.total_s) + " / " +
         format_seconds(many.total_s) + " = " + format_number(efficiency);
}

struct Growth {
  double compute_s = 0.0;
  double collective_s = 0.0;
  std::string text;
};

// What grew against perfect scaling, when both points record their parts.
std::optional<Growth> growth(Scaling scaling, int n, const Point& one, const Point& many) {
  if (!one.compute_s || !many.compute_s || !many.collective_s) return std::nullopt;
  const double ideal = scaling == Scaling::strong ? *one.compute_s / n : *one.compute_s;
  const double collective_one = one.collective_s.value_or(0.0);
  Growth g;
  g.compute_s = *many.compute_s - ideal;
  g.collective_s = *many.collective_s - collective_one;
  const std::string N = std::to_string(n);
  const std::string ideal_formula = scaling == Scaling::strong ? "compute at 1 GPU / " + N : "compute at 1 GPU";
  g.text = "compute " + format_seconds(*many.compute_s) + " per iteration on " + N + " GPUs against the ideal " +
           format_seconds(ideal) + " (" + ideal_formula + " = " + format_seconds(*one.compute_s) +
           (scaling == Scaling::strong ? " / " + N : std::string()) + ")";
  if (many.imbalance_pct)
    g.text += ", the slowest GPU's compute " + format_number(*many.imbalance_pct) + "% above the GPUs' mean (imbalance_pct)";
  g.text += "; the collective " + format_seconds(*many.collective_s) + ", " +
            format_number(100.0 * *many.collective_s / many.total_s) + "% of the time (" +
            format_seconds(collective_one) + " on 1 GPU)";
  return g;
}

std::string hint_for(const std::optional<Growth>& g) {
  if (!g)
    return "record the compute and the collective apart (counters compute_s and collective_s) to see which part "
           "grew; then overlap the collective with compute or give each GPU more work";
  if (g->collective_s >= g->compute_s)
    return "communication grew most: overlap the collective with compute (a stream per GPU, the collective while "
           "the next step computes), send fewer or larger messages, and check the links (nvidia-smi topo -m: NVLink "
           "or PCIe, NCCL_P2P_DISABLE) and NCCL's choice (NCCL_DEBUG=INFO)";
  return "compute grew most: the shards are uneven or each GPU's share is too small to fill it (strong scaling "
         "divides the batch); balance the shards, keep the per-GPU batch near the batch-size knee, and check that "
         "the GPUs run at the same clocks";
}

std::optional<Suggestion> advise(const SuggestContext& ctx, const BenchmarkResult& b) {
  const auto count = gpu_count(b.name);
  const auto scaling = scaling_of(b.name);
  if (!count || count->gpus < 2 || !scaling) return std::nullopt;
  const auto one_name = sibling(b.name, count->segment, "gpus:1");
  const BenchmarkResult* one_case = one_name ? ctx.measured(*one_name) : nullptr;
  const BenchmarkResult* many_case = ctx.measured(b.name);
  if (!one_case || !many_case) return std::nullopt;
  const auto t1 = median_of(*one_case), tn = median_of(*many_case);
  if (!t1 || !tn || *t1 <= 0 || *tn <= 0) return std::nullopt;
  const int n = count->gpus;
  const double efficiency = *scaling == Scaling::strong ? *t1 / (n * *tn) : *t1 / *tn;
  if (efficiency >= kMinEfficiency) return std::nullopt;

  const Point one = point(*one_case, *t1), many = point(*many_case, *tn);
  const auto grown = growth(*scaling, n, one, many);
  Suggestion s;
  s.benchmark = b.name;
  s.priority = efficiency < kHighBelow ? Priority::high : Priority::medium;
  s.evidence = efficiency_text(*scaling, n, one, many, efficiency) + " (" + *one_name + ")";
  if (grown) {
    s.evidence += "; " + grown->text + "; beyond perfect scaling the compute added " + format_seconds(grown->compute_s) +
                  " and the collective " + format_seconds(grown->collective_s);
  }
  const double ideal_s = *scaling == Scaling::strong ? *t1 / n : *t1;
  s.expected_gain = {1.0 / efficiency, false,
                     "at most " + format_number(1.0 / efficiency) + "x: perfect scaling would take " +
                         format_seconds(ideal_s) + " per iteration on " + std::to_string(n) + " GPUs"};
  s.hint = hint_for(grown);
  return s;
}

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  for (const BenchmarkResult& b : ctx.current.benchmarks)
    if (auto s = advise(ctx, b)) out.push_back(std::move(*s));
  return out;
}

}  // namespace

Rule scaling_efficiency() {
  return make_rule("scaling-efficiency",
                   "a multi-GPU case scaling under 80% efficient (strong T1/(N x TN), weak T1/TN), and whether compute "
                   "or the collective grew",
                   apply);
}

}  // namespace perfgate::rules
