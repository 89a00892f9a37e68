#include "perfgate/gate/kernel_comparison.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>

#include "perfgate/gate/classify.hpp"

namespace perfgate {
namespace {

// Launch counts are exact; the tolerance only absorbs the division.
constexpr double kCallsTolerance = 1e-9;

bool same_count(double a, double b) {
  return std::fabs(a - b) <= kCallsTolerance * std::max(std::fabs(a), std::fabs(b));
}

// By name; of two kernels with one name (not expected) the first counts.
std::map<std::string_view, const KernelSummary*> by_name(const BenchmarkResult& result) {
  std::map<std::string_view, const KernelSummary*> index;
  for (const KernelSummary& k : result.kernels) index.emplace(k.name, &k);
  return index;
}

// A kernel on both sides, with what classify() needs once the q-values are known.
struct Pending {
  KernelComparison comparison;
  SampleSummary baseline;
  SampleSummary current;
};

Pending pair(const KernelSummary& base, const BenchmarkResult& base_result, const KernelSummary& cur,
             const BenchmarkResult& cur_result, double threshold_pct, const GateSettings& settings) {
  Pending p;
  KernelComparison& k = p.comparison;
  k.name = cur.name;
  k.baseline_median_ns = base.median_ns;
  k.current_median_ns = cur.median_ns;
  k.baseline_calls_per_iteration = calls_per_iteration(base, base_result);
  k.current_calls_per_iteration = calls_per_iteration(cur, cur_result);
  k.calls_changed = !same_count(k.baseline_calls_per_iteration, k.current_calls_per_iteration);
  p.baseline = summarize_samples(base.samples_ns);
  p.current = summarize_samples(cur.samples_ns);
  k.baseline_samples = p.baseline.n;
  k.current_samples = p.current.n;
  k.threshold_pct = practical_threshold_pct(threshold_pct, settings, p.baseline, p.current);
  if (!base.samples_ns.empty() && !cur.samples_ns.empty())
    k.evidence = gather_evidence(base.samples_ns, p.baseline, cur.samples_ns, p.current, settings);
  return p;
}

KernelComparison one_sided(const KernelSummary& kernel, const BenchmarkResult& result, bool in_current) {
  KernelComparison k;
  k.name = kernel.name;
  const double calls = calls_per_iteration(kernel, result);
  if (in_current) {
    k.verdict = Verdict::added;
    k.reason = "not in the baseline's traced pass";
    k.current_median_ns = kernel.median_ns;
    k.current_samples = kernel.samples_ns.size();
    k.current_calls_per_iteration = calls;
  } else {
    k.verdict = Verdict::removed;
    k.reason = "not in the current traced pass";
    k.baseline_median_ns = kernel.median_ns;
    k.baseline_samples = kernel.samples_ns.size();
    k.baseline_calls_per_iteration = calls;
  }
  return k;
}

}  // namespace

double calls_per_iteration(const KernelSummary& kernel, const BenchmarkResult& result) {
  const double calls = static_cast<double>(kernel.calls);
  if (!result.trace || result.trace->iterations <= 0) return calls;
  return calls / static_cast<double>(result.trace->iterations);
}

std::vector<KernelComparison> compare_kernels(const BenchmarkResult& baseline, const BenchmarkResult& current,
                                              double threshold_pct, const GateSettings& settings) {
  std::vector<KernelComparison> out;
  if (baseline.kernels.empty() || current.kernels.empty()) return out;
  const auto before = by_name(baseline);
  const auto after = by_name(current);

  std::vector<Pending> pairs;
  for (const auto& [name, cur] : after) {
    const auto it = before.find(name);
    if (it == before.end()) out.push_back(one_sided(*cur, current, true));
    else pairs.push_back(pair(*it->second, baseline, *cur, current, threshold_pct, settings));
  }
  for (const auto& [name, base] : before)
    if (!after.count(name)) out.push_back(one_sided(*base, baseline, false));

  // The family: this case's kernels with enough samples on both sides.
  std::vector<Evidence*> family;
  for (Pending& p : pairs)
    if (p.comparison.evidence && enough_samples(p.baseline, p.current, settings))
      family.push_back(&*p.comparison.evidence);
  assign_q_values(family);
  for (Pending& p : pairs) {
    // Without samples on a side there is no evidence, and classify() says
    // there are too few samples before it reads any.
    const Classification c =
        classify(p.baseline, p.current, p.comparison.evidence.value_or(Evidence{}), p.comparison.threshold_pct, settings);
    p.comparison.verdict = c.verdict;
    p.comparison.reason = c.reason;
    out.push_back(std::move(p.comparison));
  }
  std::sort(out.begin(), out.end(), [](const KernelComparison& a, const KernelComparison& b) {
    if (report_rank(a.verdict) != report_rank(b.verdict)) return report_rank(a.verdict) < report_rank(b.verdict);
    return a.name < b.name;
  });
  return out;
}

bool is_kernel_change(const KernelComparison& kernel) {
  return kernel.verdict != Verdict::no_change || kernel.calls_changed;
}

std::vector<const KernelComparison*> kernel_changes(const std::vector<KernelComparison>& kernels) {
  std::vector<const KernelComparison*> changes;
  for (const KernelComparison& k : kernels)
    if (is_kernel_change(k)) changes.push_back(&k);
  return changes;
}

}  // namespace perfgate
