#include "perfgate/baselines/baseline_refresh.hpp"

#include <algorithm>
#include <map>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "perfgate/model/counter_names.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/model/same_origin.hpp"
#include "perfgate/model/summary_pooling.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate {
namespace {

void check_same_origin(const Results& first, const Results& other) {
  const auto mismatch = origin_mismatch(first, other, SlugCheck::same_slug);
  if (!mismatch) return;
  if (mismatch->part == OriginMismatch::Part::suite)
    throw InputError("cannot pool runs of different suites (" + quote_text(first.suite) + " and " +
                     quote_text(other.suite) + ")");
  throw InputError("cannot pool runs from different devices (" + first.fingerprint.slug + " and " +
                   other.fingerprint.slug + ")" + (mismatch->why.empty() ? "" : ": " + mismatch->why));
}

// A result's rounds, one round when it came from a single run.
std::vector<std::size_t> rounds_of(const BenchmarkResult& b) {
  if (b.rounds.size() >= 2) return b.rounds;
  if (b.samples.empty()) return {};
  return {b.samples.size()};
}

void append_rounds(BenchmarkResult& into, const BenchmarkResult& from) {
  const std::vector<std::size_t> before = rounds_of(into), added = rounds_of(from);
  into.samples.insert(into.samples.end(), from.samples.begin(), from.samples.end());
  into.rounds = before;
  into.rounds.insert(into.rounds.end(), added.begin(), added.end());
}

// Drops the oldest rounds beyond `keep`.
void keep_latest_rounds(BenchmarkResult& b, std::size_t keep) {
  if (b.rounds.size() <= keep) return;
  std::size_t dropped_samples = 0;
  const std::size_t dropped_rounds = b.rounds.size() - keep;
  for (std::size_t i = 0; i < dropped_rounds; ++i) dropped_samples += b.rounds[i];
  b.samples.erase(b.samples.begin(), b.samples.begin() + static_cast<std::ptrdiff_t>(dropped_samples));
  b.rounds.erase(b.rounds.begin(), b.rounds.begin() + static_cast<std::ptrdiff_t>(dropped_rounds));
}

void absorb(BenchmarkResult& pooled, const BenchmarkResult& run, std::map<std::string, std::vector<double>>& counters) {
  // Once a run kept only a summary, the pool is a summary: samples cannot be
  // recovered from one, but summaries combine exactly.
  if (pooled.summary || run.summary) pool_as_summary(pooled, run);
  else append_rounds(pooled, run);
  pooled.throttled_samples += run.throttled_samples;
  pooled.iterations = run.iterations;
  if (run.error && !pooled.error) pooled.error = run.error;
  if (run.skipped && !pooled.skipped) pooled.skipped = run.skipped;
  for (const auto& [name, value] : run.counters) {
    if (const double* number = std::get_if<double>(&value)) counters[name].push_back(*number);
    else pooled.counters[name] = value;  // labels: the last run's
  }
  // The traced pass is not pooled: the latest run that traced the case wins.
  if (run.trace) {
    copy_traced_pass(run, pooled);
  } else if (pooled.kernels.empty()) {
    pooled.kernels = run.kernels;
  }
  // Nor is the GPU counted pass's per-kernel part: the latest run that
  // counted the case wins (its kernel_* counters are pooled as counters).
  if (!run.kernel_counts.empty()) pooled.kernel_counts = run.kernel_counts;
}

// A pooled count's spread is what its counted repetitions spread within a
// run, or what the runs' counts spread between them, whichever is wider:
// the gate needs a count's change to stand above both.
void widen_count_spread(BenchmarkResult& b, const std::map<std::string, std::vector<double>>& counters,
                        const char* count, const char* spread) {
  const auto counts = counters.find(count);
  if (counts == counters.end() || counts->second.size() < 2) return;
  const double median = stats::median(counts->second);
  if (!(median > 0.0)) return;
  const auto [low, high] = std::minmax_element(counts->second.begin(), counts->second.end());
  const double between = (*high - *low) / median * 100.0;
  const double within = counter_number(b, spread).value_or(0.0);
  b.counters[spread] = std::max(within, between);
}

// Both counted measures: a host case's instructions, a GPU case's kernels'.
void widen_count_spreads(BenchmarkResult& b, const std::map<std::string, std::vector<double>>& counters) {
  widen_count_spread(b, counters, counter::kInstructions, counter::kInstructionsSpreadPct);
  widen_count_spread(b, counters, counter::kKernelInstructions, counter::kKernelInstructionsSpreadPct);
}

}  // namespace

Results pool_runs(const std::vector<Results>& runs) {
  if (runs.empty()) throw InputError("no runs to pool");
  Results pooled = runs.front();
  // When and at which commit the pooled baseline stands: its newest run's
  // (a history's rounds come oldest first; a refresh's rounds share one
  // commit), not the oldest's (issue 43).
  pooled.created_utc = runs.back().created_utc;
  pooled.source = runs.back().source;
  pooled.benchmarks.clear();
  // Derived figures are not pooled: each run derives them again from its own
  // medians, and the gate never compares them.
  pooled.figures.clear();
  std::vector<std::string> order;
  std::map<std::string, BenchmarkResult> by_name;
  std::map<std::string, std::map<std::string, std::vector<double>>> counters;
  for (const Results& run : runs) {
    check_same_origin(runs.front(), run);
    for (const BenchmarkResult& b : run.benchmarks) {
      auto [slot, inserted] = by_name.try_emplace(b.name);
      if (inserted) {
        order.push_back(b.name);
        slot->second.name = b.name;
        slot->second.unit = b.unit;
      }
      absorb(slot->second, b, counters[b.name]);
    }
  }
  for (const std::string& name : order) {
    BenchmarkResult& b = by_name[name];
    for (const auto& [counter, values] : counters[name]) b.counters[counter] = stats::median(values);
    widen_count_spreads(b, counters[name]);
    if (!b.measured()) b.samples.clear(), b.rounds.clear(), b.summary.reset();
    if (b.rounds.size() < 2) b.rounds.clear();
    pooled.benchmarks.push_back(std::move(b));
  }
  return pooled;
}

Results refreshed_baseline(const std::optional<Results>& old, Results fresh, const RefreshOptions& options) {
  if (!old) return fresh;
  // Hash lookups: a scan per case made a large suite's refresh quadratic.
  std::unordered_map<std::string_view, const BenchmarkResult*> old_by_name;
  for (const BenchmarkResult& b : old->benchmarks) old_by_name.emplace(b.name, &b);
  for (BenchmarkResult& b : fresh.benchmarks) {
    const auto found = old_by_name.find(b.name);
    if (found == old_by_name.end()) continue;
    const BenchmarkResult* before = found->second;
    b.gate = before->gate;
    // A summary cannot drop its oldest rounds (keep_rounds), so a case that
    // kept only summaries is replaced rather than appended to.
    if (options.append && before->measured() && b.measured() && !before->summary && !b.summary) {
      BenchmarkResult history = *before;
      append_rounds(history, b);
      b.samples = std::move(history.samples);
      b.rounds = std::move(history.rounds);
      keep_latest_rounds(b, std::max<std::size_t>(options.keep_rounds, 1));
      if (b.rounds.size() < 2) b.rounds.clear();
    }
  }
  if (options.partial) {
    std::unordered_set<std::string> measured;
    for (const BenchmarkResult& b : fresh.benchmarks) measured.insert(b.name);
    for (const BenchmarkResult& b : old->benchmarks)
      if (!measured.count(b.name)) fresh.benchmarks.push_back(b);
  }
  return fresh;
}

}  // namespace perfgate
