#include "perfgate/gate/count_comparison.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "perfgate/model/counter_names.hpp"

namespace perfgate {
namespace {

// A count: never negative.
std::optional<double> number(const BenchmarkResult& b, const char* name) {
  const std::optional<double> value = counter_number(b, name);
  return value && *value >= 0.0 ? value : std::nullopt;
}

// 3 significant digits, as counts' changes read: "+2%", "0.0001%".
std::string percent(double value, bool sign = false) {
  char text[32];
  std::snprintf(text, sizeof text, sign ? "%+.3g%%" : "%.3g%%", value);
  return text;
}

// Where a case's counts come from, and which of them are judged: a host
// case's callgrind pass or a GPU case's CUPTI pass (counter_names.hpp).
struct CountedMeasure {
  const char* judged;
  const char* spread;
  std::vector<const char*> others;
};

const std::vector<CountedMeasure>& counted_measures() {
  static const std::vector<CountedMeasure> measures = {
      {counter::kInstructions, counter::kInstructionsSpreadPct, {counter::kL1Misses, counter::kBranchMispredicts}},
      {counter::kKernelInstructions,
       counter::kKernelInstructionsSpreadPct,
       {counter::kKernelDramBytesRead, counter::kKernelDramBytesWritten, counter::kKernelL2Bytes}}};
  return measures;
}

// Why the instructions earned their verdict, in one line.
std::string count_reason(const CountComparison& k, double needed_pct) {
  std::string text = count_label(k.instructions.name) + " " + percent(k.instructions.change_pct(), true) + " a timed iteration (spread " +
                     percent(k.spread_pct) + (k.spread_recorded ? "" : ", not recorded") + ")";
  switch (k.verdict) {
    case Verdict::no_change: return text + ", within the count threshold of " + percent(k.threshold_pct);
    case Verdict::inconclusive:
      return text + ": beyond the count threshold of " + percent(k.threshold_pct) + " but within " +
             std::to_string(static_cast<int>(kCountSpreads)) + " times the counts' spread (" + percent(needed_pct) +
             " needed)";
    default: return text + ", beyond the count threshold of " + percent(k.threshold_pct);
  }
}

std::optional<CountComparison> compare_counts_of(const CountedMeasure& measure, const BenchmarkResult& baseline,
                                                 const BenchmarkResult& current, double threshold_pct) {
  const auto base = number(baseline, measure.judged), cur = number(current, measure.judged);
  if (!base || !cur || !(*base > 0.0)) return std::nullopt;
  CountComparison k;
  k.instructions = {measure.judged, *base, *cur};
  for (const char* name : measure.others)
    if (const auto o = number(baseline, name), n = number(current, name); o && n) k.others.push_back({name, *o, *n});
  const auto base_spread = number(baseline, measure.spread);
  const auto cur_spread = number(current, measure.spread);
  k.spread_recorded = base_spread && cur_spread;
  k.spread_pct = std::max(base_spread.value_or(0.0), cur_spread.value_or(0.0));
  k.threshold_pct = threshold_pct;
  const double change = k.instructions.change_pct();
  const double needed = std::max(threshold_pct, kCountSpreads * k.spread_pct);
  if (std::fabs(change) <= threshold_pct) k.verdict = Verdict::no_change;
  else if (std::fabs(change) <= needed) k.verdict = Verdict::inconclusive;
  else k.verdict = change > 0 ? Verdict::regression : Verdict::improvement;
  k.reason = count_reason(k, needed);
  return k;
}

}  // namespace

double CountChange::change_pct() const {
  if (baseline > 0.0) return (current / baseline - 1.0) * 100.0;
  return current > 0.0 ? 100.0 : 0.0;
}

std::string count_label(const std::string& name) {
  std::string label = name;
  std::replace(label.begin(), label.end(), '_', ' ');
  return label;
}

std::optional<CountComparison> compare_counts(const BenchmarkResult& baseline, const BenchmarkResult& current,
                                              double threshold_pct) {
  for (const CountedMeasure& measure : counted_measures())
    if (auto k = compare_counts_of(measure, baseline, current, threshold_pct)) return k;
  return std::nullopt;
}

void apply_gate_measure(GateMeasure measure, CountComparison& counts, Verdict& verdict, std::string& reason) {
  const bool by_counts = measure == GateMeasure::counts ||
                         (measure == GateMeasure::both && counts.verdict == Verdict::regression);
  if (!by_counts) return;
  counts.decided = true;
  counts.time_verdict = verdict;
  counts.time_reason = reason;
  const std::string time_word = measure == GateMeasure::counts ? "time (not gated): " : "time: ";
  reason = "counted: " + counts.reason + "; " + time_word + to_string(verdict) + (reason.empty() ? "" : ", " + reason);
  verdict = counts.verdict;
}

}  // namespace perfgate
