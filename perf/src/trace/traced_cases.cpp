#include "trace/traced_cases.hpp"

#include <unistd.h>

#include <algorithm>
#include <mutex>
#include <set>

#include "trace/chrome_trace.hpp"
#include "trace/kernel_summary.hpp"
#include "trace/trace_file_name.hpp"

namespace perfgate::trace {
namespace {

struct Store {
  std::mutex mutex;
  std::map<std::string, TracedCase> pending;
  std::set<std::string> traced;
};

Store& store() {
  static Store s;
  return s;
}

std::map<std::string, TracedCase> take_pending() {
  Store& s = store();
  const std::lock_guard lock(s.mutex);
  return std::exchange(s.pending, {});
}

}  // namespace

void keep_traced_case(const std::string& case_name, TracedCase traced) {
  Store& s = store();
  const std::lock_guard lock(s.mutex);
  s.pending[case_name] = std::move(traced);
  if (!case_name.empty()) s.traced.insert(case_name);
}

bool was_traced(const std::string& case_name) {
  Store& s = store();
  const std::lock_guard lock(s.mutex);
  return !case_name.empty() && s.traced.count(case_name) > 0;
}

std::string pass_owner(const std::string& case_name, const std::vector<BenchmarkResult>& results) {
  const bool named_result =
      std::any_of(results.begin(), results.end(), [&](const auto& b) { return b.name == case_name; });
  if (named_result || results.empty()) return case_name;
  return results.back().name;
}

BenchmarkResult TraceAttacher::write(const std::string& case_name, const TracedCase& traced) const {
  const CaseActivitySummary summary = summarize_work(traced.records);
  TraceMetadata meta;
  meta.case_name = case_name;
  meta.host_process = static_cast<std::uint32_t>(::getpid());
  meta.host_process_name = "perfgate: " + case_name;
  meta.device_names = traced.device_names;
  meta.iterations = traced.iterations;
  const std::filesystem::path file = dir_ / trace_file_path(case_name);
  write_chrome_trace(traced.records, meta, file);
  BenchmarkResult found;
  found.kernels = summary.kernels;
  found.copies = summary.copies;
  found.trace = TraceInfo{file.string(), traced.iterations, static_cast<std::int64_t>(traced.records.dropped_records)};
  return found;
}

void TraceAttacher::attach(std::vector<BenchmarkResult>& results) {
  for (auto& [name, traced] : take_pending())
    if (const std::string owner = pass_owner(name, results); !owner.empty()) attached_[owner] = write(owner, traced);
  for (BenchmarkResult& b : results) {
    if (const auto it = attached_.find(b.name); it != attached_.end()) copy_traced_pass(it->second, b);
  }
}

}  // namespace perfgate::trace
