#include "count/counted_kernels.hpp"

#include <algorithm>
#include <iostream>
#include <mutex>
#include <optional>
#include <set>
#include <utility>

#include "perfgate/model/counter_names.hpp"
#include "perfgate/stats/summary.hpp"
#include "trace/demangle.hpp"
#include "trace/traced_cases.hpp"

namespace perfgate::count {
namespace {

struct KernelTally {
  std::int64_t launches = 0;
  std::map<std::string, double> sums;
};

// Each kernel's launches and summed counts over every sample, by demangled name.
std::map<std::string, KernelTally> tally_kernels(const CountedCase& counted) {
  std::map<std::string, KernelTally> kernels;
  for (const auto& sample : counted.samples)
    for (const CountedRange& range : sample) {
      KernelTally& tally = kernels[trace::demangle(range.kernel.c_str())];
      ++tally.launches;
      for (const auto& [count, value] : range.counts) tally.sums[count] += value;
    }
  return kernels;
}

std::vector<KernelCounts> kernel_counts(const CountedCase& counted, double calls) {
  std::vector<KernelCounts> kernels;
  for (const auto& [name, tally] : tally_kernels(counted)) {
    KernelCounts k{name, static_cast<double>(tally.launches) / calls, {}};
    for (const auto& [count, sum] : tally.sums) k.counts[count] = sum / static_cast<double>(tally.launches);
    kernels.push_back(std::move(k));
  }
  return kernels;
}

// A sample's count `name` a call of the case's work, every launch's added
// up; nullopt where no launch has it (CUPTI did not count it).
std::optional<double> sample_total(const std::vector<CountedRange>& sample, const char* name, std::int64_t calls) {
  std::optional<double> total;
  for (const CountedRange& range : sample)
    if (const auto found = range.counts.find(name); found != range.counts.end()) total = total.value_or(0.0) + found->second;
  if (total) *total /= static_cast<double>(calls);
  return total;
}

void add_case_counters(const CountedCase& counted, BenchmarkResult& found) {
  for (const char* name : counter::kKernelCaseCounts) {  // the occupancy, a share, stays per kernel
    std::vector<double> totals;
    for (const auto& sample : counted.samples)
      if (const auto total = sample_total(sample, name, counted.calls_per_sample)) totals.push_back(*total);
    if (totals.empty()) continue;
    const double median = stats::median(totals);
    found.counters[name] = median;
    if (std::string(name) != counter::kKernelInstructions || !(median > 0)) continue;
    const auto [low, high] = std::minmax_element(totals.begin(), totals.end());
    found.counters[counter::kKernelInstructionsSpreadPct] = (*high - *low) / median * 100.0;
  }
}

struct Store {
  std::mutex mutex;
  std::map<std::string, CountedCase> pending;
  std::set<std::string> counted;
};

Store& store() {
  static Store s;
  return s;
}

}  // namespace

BenchmarkResult fold_counted_case(const CountedCase& counted) {
  BenchmarkResult found;
  const bool any = std::any_of(counted.samples.begin(), counted.samples.end(), [](const auto& s) { return !s.empty(); });
  if (!any || counted.calls_per_sample <= 0) return found;
  const double calls = static_cast<double>(counted.calls_per_sample) * static_cast<double>(counted.samples.size());
  found.kernel_counts = kernel_counts(counted, calls);
  add_case_counters(counted, found);
  return found;
}

bool keep_counted_case(const std::string& case_name, CountedCase counted) {
  Store& s = store();
  const std::lock_guard lock(s.mutex);
  if (!case_name.empty()) s.counted.insert(case_name);
  if (counted.dropped_ranges > 0) {
    // Launches the image had no room for are missing from every sum: short
    // counts would read as less work.
    std::cerr << "perfgate: case " << (case_name.empty() ? "(unnamed)" : case_name) << ": "
              << counted.dropped_ranges << " kernel launch(es) past the " << counted.max_ranges
              << " a sample can hold were not counted; the case keeps its times, uncounted\n";
    return false;
  }
  s.pending[case_name] = std::move(counted);
  return true;
}

bool was_counted(const std::string& case_name) {
  Store& s = store();
  const std::lock_guard lock(s.mutex);
  return !case_name.empty() && s.counted.count(case_name) > 0;
}

void CountAttacher::attach(std::vector<BenchmarkResult>& results) {
  std::map<std::string, CountedCase> pending;
  {
    Store& s = store();
    const std::lock_guard lock(s.mutex);
    pending = std::exchange(s.pending, {});
  }
  for (auto& [name, counted] : pending)
    if (const std::string owner = trace::pass_owner(name, results); !owner.empty())
      attached_[owner] = fold_counted_case(counted);
  for (BenchmarkResult& b : results)
    if (const auto it = attached_.find(b.name); it != attached_.end()) copy_counted_kernels(it->second, b);
}

}  // namespace perfgate::count
