#include "perfgate/model/baseline_refresh.hpp"

#include <map>

#include "perfgate/model/errors.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate {
namespace {

void check_same_origin(const Results& first, const Results& other) {
  if (other.suite != first.suite)
    throw InputError("cannot pool runs of different suites (" + quote_text(first.suite) + " and " +
                     quote_text(other.suite) + ")");
  if (other.fingerprint.slug != first.fingerprint.slug)
    throw InputError("cannot pool runs from different devices (" + first.fingerprint.slug + " and " +
                     other.fingerprint.slug + ")");
}

void absorb(BenchmarkResult& pooled, const BenchmarkResult& run, std::map<std::string, std::vector<double>>& counters) {
  pooled.samples.insert(pooled.samples.end(), run.samples.begin(), run.samples.end());
  pooled.throttled_samples += run.throttled_samples;
  pooled.iterations = run.iterations;
  if (run.error && !pooled.error) pooled.error = run.error;
  if (run.skipped && !pooled.skipped) pooled.skipped = run.skipped;
  for (const auto& [name, value] : run.counters) {
    if (const double* number = std::get_if<double>(&value)) counters[name].push_back(*number);
    else pooled.counters[name] = value;  // labels: the last run's
  }
  if (pooled.kernels.empty()) pooled.kernels = run.kernels;
}

}  // namespace

Results pool_runs(const std::vector<Results>& runs) {
  if (runs.empty()) throw InputError("no runs to pool");
  Results pooled = runs.front();
  pooled.benchmarks.clear();
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
    if (!b.measured()) b.samples.clear();
    pooled.benchmarks.push_back(std::move(b));
  }
  return pooled;
}

Results refreshed_baseline(const std::optional<Results>& old, Results fresh, bool partial) {
  if (!old) return fresh;
  for (BenchmarkResult& b : fresh.benchmarks)
    if (const BenchmarkResult* before = old->find(b.name)) b.gate = before->gate;
  if (partial) {
    for (const BenchmarkResult& b : old->benchmarks)
      if (!fresh.find(b.name)) fresh.benchmarks.push_back(b);
  }
  return fresh;
}

}  // namespace perfgate
