#include "perfgate/model/results.hpp"

#include <chrono>
#include <cmath>
#include <ctime>

#include "perfgate/model/counter_names.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate {

const BenchmarkResult* Results::find(const std::string& name) const {
  for (const auto& b : benchmarks)
    if (b.name == name) return &b;
  return nullptr;
}

std::vector<double> BenchmarkResult::round_medians() const {
  if (rounds.size() < 2) return {stats::median(samples)};
  std::vector<double> medians;
  std::size_t start = 0;
  for (std::size_t count : rounds) {
    medians.push_back(stats::median(std::span<const double>(samples).subspan(start, count)));
    start += count;
  }
  return medians;
}

std::optional<double> counter_number(const BenchmarkResult& b, const std::string& name) {
  const auto found = b.counters.find(name);
  if (found == b.counters.end()) return std::nullopt;
  const double* value = std::get_if<double>(&found->second);
  return value && std::isfinite(*value) ? std::optional<double>(*value) : std::nullopt;
}

std::vector<std::string> measured_names(const std::vector<BenchmarkResult>& results) {
  std::vector<std::string> names;
  for (const BenchmarkResult& b : results)
    if (b.measured()) names.push_back(b.name);
  return names;
}

void copy_traced_pass(const BenchmarkResult& from, BenchmarkResult& to) {
  to.kernels = from.kernels;
  to.copies = from.copies;
  to.trace = from.trace;
}

void copy_counted_kernels(const BenchmarkResult& from, BenchmarkResult& to) {
  to.kernel_counts = from.kernel_counts;
  const auto copy = [&](const char* name) {
    if (const auto found = from.counters.find(name); found != from.counters.end()) to.counters[name] = found->second;
  };
  for (const char* name : counter::kKernelCaseCounts) copy(name);
  copy(counter::kKernelInstructionsSpreadPct);
}

std::string utc_timestamp_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::optional<std::string> summary_problem(const SampleStatistics& stats) {
  if (stats.min && stats.max && *stats.min > *stats.max) return "'min' is above 'max'";
  for (const auto& [field, centre] : {std::pair{"mean", std::optional(stats.mean)}, {"median", stats.median}}) {
    if (!centre) continue;
    if (stats.min && *centre < *stats.min) return std::string("'") + field + "' is below 'min'";
    if (stats.max && *centre > *stats.max) return std::string("'") + field + "' is above 'max'";
  }
  return std::nullopt;
}

}  // namespace perfgate
