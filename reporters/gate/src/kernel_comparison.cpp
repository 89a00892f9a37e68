#include "perfgate/gate/kernel_comparison.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>

#include "perfgate/gate/classify.hpp"
#include "perfgate/model/counter_names.hpp"

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

// The kernels' times: the traced passes' per-launch samples, tested as the
// gate tests a case's.
std::vector<KernelComparison> compare_kernel_times(const BenchmarkResult& baseline, const BenchmarkResult& current,
                                                   double threshold_pct, const GateSettings& settings) {
  std::vector<KernelComparison> out;
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
  return out;
}

// A count of one launch that stays per launch when a kernel runs more often.
bool is_share(const std::string& count) { return count == counter::kKernelAchievedOccupancyPct; }

double per_iteration(const KernelCounts& kernel, const std::string& count, double value) {
  return is_share(count) ? value : value * kernel.launches_per_iteration;
}

std::map<std::string_view, const KernelCounts*> counted_by_name(const BenchmarkResult& result) {
  std::map<std::string_view, const KernelCounts*> index;
  for (const KernelCounts& k : result.kernel_counts) index.emplace(k.name, &k);
  return index;
}

KernelComparison& entry_for(std::vector<KernelComparison>& out, const std::string& name) {
  for (KernelComparison& k : out)
    if (k.name == name) return k;
  out.emplace_back();
  out.back().name = name;
  out.back().verdict = Verdict::no_change;
  out.back().reason = "counted, not traced: no times to compare";
  return out.back();
}

void add_counts(const KernelCounts& base, const KernelCounts& cur, KernelComparison& k) {
  if (!k.baseline_median_ns && !k.current_median_ns) {  // counted only: the launches come from the counts
    k.baseline_calls_per_iteration = base.launches_per_iteration;
    k.current_calls_per_iteration = cur.launches_per_iteration;
    k.calls_changed = !same_count(base.launches_per_iteration, cur.launches_per_iteration);
  }
  for (const auto& [count, base_value] : base.counts) {
    const auto found = cur.counts.find(count);
    if (found == cur.counts.end()) continue;
    CountChange c{count, per_iteration(base, count, base_value), per_iteration(cur, count, found->second)};
    k.counts_changed = k.counts_changed || std::fabs(c.change_pct()) > kKernelCountChangePct;
    k.counts.push_back(std::move(c));
  }
}

// A kernel one side counted and the other did not launch.
void one_sided_counts(const KernelCounts& kernel, bool in_current, std::vector<KernelComparison>& out) {
  for (const KernelComparison& k : out)
    if (k.name == kernel.name) return;  // the traced pass said so already
  KernelComparison k;
  k.name = kernel.name;
  k.verdict = in_current ? Verdict::added : Verdict::removed;
  k.reason = in_current ? "not in the baseline's counted pass" : "not in the current counted pass";
  (in_current ? k.current_calls_per_iteration : k.baseline_calls_per_iteration) = kernel.launches_per_iteration;
  out.push_back(std::move(k));
}

void attach_counts(const BenchmarkResult& baseline, const BenchmarkResult& current, std::vector<KernelComparison>& out) {
  if (baseline.kernel_counts.empty() || current.kernel_counts.empty()) return;
  const auto before = counted_by_name(baseline);
  const auto after = counted_by_name(current);
  for (const auto& [name, cur] : after) {
    const auto it = before.find(name);
    if (it == before.end()) one_sided_counts(*cur, true, out);
    else add_counts(*it->second, *cur, entry_for(out, cur->name));
  }
  for (const auto& [name, base] : before)
    if (!after.count(name)) one_sided_counts(*base, false, out);
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
  if (!baseline.kernels.empty() && !current.kernels.empty()) out = compare_kernel_times(baseline, current, threshold_pct, settings);
  attach_counts(baseline, current, out);
  std::sort(out.begin(), out.end(), [](const KernelComparison& a, const KernelComparison& b) {
    if (report_rank(a.verdict) != report_rank(b.verdict)) return report_rank(a.verdict) < report_rank(b.verdict);
    return a.name < b.name;
  });
  return out;
}

bool is_kernel_change(const KernelComparison& kernel) {
  return kernel.verdict != Verdict::no_change || kernel.calls_changed || kernel.counts_changed;
}

std::vector<const KernelComparison*> kernel_changes(const std::vector<KernelComparison>& kernels) {
  std::vector<const KernelComparison*> changes;
  for (const KernelComparison& k : kernels)
    if (is_kernel_change(k)) changes.push_back(&k);
  return changes;
}

}  // namespace perfgate
