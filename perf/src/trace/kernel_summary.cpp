#include "trace/kernel_summary.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <string>
#include <utility>

#include "perfgate/stats/summary.hpp"
#include "trace/demangle.hpp"

namespace perfgate::trace {
namespace {

// Whether the API call behind `correlation` ran inside the case's work.
class WorkFilter {
 public:
  explicit WorkFilter(const ActivityRecords& records)
      : external_ids_(records.external_ids), work_id_(external_id(records.case_index, Phase::work)) {}

  template <typename GpuRecord>
  bool counts(const GpuRecord& record) const {
    if (!has_valid_times(record.start_ns, record.end_ns)) return false;
    const auto found = external_ids_.find(record.correlation);
    return found != external_ids_.end() && found->second == work_id_;
  }

 private:
  const std::map<std::uint32_t, std::uint64_t>& external_ids_;
  std::uint64_t work_id_;
};

struct Launch {
  std::uint64_t start_ns;
  double duration_ns;
};

// At most kMaxKernelSamples values, spread evenly from the first to the
// last, so a slow warm-up or tail stays represented.
std::vector<double> thinned(const std::vector<double>& values) {
  const std::size_t n = values.size();
  if (n <= kMaxKernelSamples) return values;
  std::vector<double> out;
  out.reserve(kMaxKernelSamples);
  for (std::size_t i = 0; i < kMaxKernelSamples; ++i) {
    out.push_back(values[i * (n - 1) / (kMaxKernelSamples - 1)]);
  }
  return out;
}

KernelSummary summarize_kernel(const std::string& name, std::vector<Launch> launches) {
  std::stable_sort(launches.begin(), launches.end(),
                   [](const Launch& a, const Launch& b) { return a.start_ns < b.start_ns; });
  std::vector<double> durations;
  durations.reserve(launches.size());
  for (const Launch& launch : launches) durations.push_back(launch.duration_ns);
  KernelSummary summary;
  summary.name = name;
  summary.calls = static_cast<std::int64_t>(durations.size());
  summary.median_ns = stats::median(durations);
  summary.samples_ns = thinned(durations);
  return summary;
}

double total_ns(const std::vector<Launch>& launches) {
  return std::accumulate(launches.begin(), launches.end(), 0.0,
                         [](double sum, const Launch& launch) { return sum + launch.duration_ns; });
}

std::vector<KernelSummary> summarize_kernels(const ActivityRecords& records, const WorkFilter& work) {
  std::map<std::string, std::vector<Launch>> by_name;
  for (const KernelActivity& kernel : records.kernels) {
    if (!work.counts(kernel)) continue;
    by_name[demangle(kernel.name.c_str())].push_back(
        {kernel.start_ns, static_cast<double>(kernel.end_ns - kernel.start_ns)});
  }
  std::vector<std::pair<double, KernelSummary>> ranked;
  for (auto& [name, launches] : by_name) {
    const double total = total_ns(launches);
    ranked.emplace_back(total, summarize_kernel(name, std::move(launches)));
  }
  // by_name is in name order, so a stable sort keeps ties by name.
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<KernelSummary> kernels;
  kernels.reserve(ranked.size());
  for (auto& entry : ranked) kernels.push_back(std::move(entry.second));
  return kernels;
}

void add(std::map<std::string, CopySummary>& by_direction, const std::string& direction,
         std::uint64_t bytes) {
  CopySummary& summary = by_direction[direction];
  summary.direction = direction;
  summary.count += 1;
  summary.bytes += static_cast<std::int64_t>(bytes);
}

std::vector<CopySummary> summarize_copies(const ActivityRecords& records, const WorkFilter& work) {
  std::map<std::string, CopySummary> by_direction;
  for (const CopyActivity& copy : records.copies) {
    if (work.counts(copy)) add(by_direction, to_string(copy.direction), copy.bytes);
  }
  for (const MemsetActivity& memset : records.memsets) {
    if (work.counts(memset)) add(by_direction, "memset", memset.bytes);
  }
  std::vector<CopySummary> copies;
  copies.reserve(by_direction.size());
  for (auto& entry : by_direction) copies.push_back(std::move(entry.second));
  return copies;
}

}  // namespace

CaseActivitySummary summarize_work(const ActivityRecords& records) {
  const WorkFilter work(records);
  return {summarize_kernels(records, work), summarize_copies(records, work)};
}

}  // namespace perfgate::trace
