#include "runtime/work_counters.hpp"
#include "perfgate/model/counter_names.hpp"

#include "roofline/roofline.hpp"
#include "perfgate/runtime/work.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate {
namespace {

// Removes a numeric counter and returns its value (0 when absent).
double take(BenchmarkResult& result, const char* name) {
  const auto it = result.counters.find(name);
  if (it == result.counters.end()) return 0.0;
  const double* value = std::get_if<double>(&it->second);
  const double taken = value ? *value : 0.0;
  result.counters.erase(it);
  return taken;
}

Precision precision_at(double index) {
  for (Precision p : kAllPrecisions)
    if (static_cast<double>(p) == index) return p;
  return Precision::fp32;
}

void set(BenchmarkResult& result, const char* name, const std::optional<double>& value, double scale = 1.0) {
  if (value) result.counters[name] = *value * scale;
}

}  // namespace

void derive_work_counters(BenchmarkResult& result, const Ceilings& ceilings) {
  DeclaredWork work;
  const bool declared_precision = result.counters.count(work_counter::kPrecision) > 0;
  work.flop = take(result, work_counter::kFlop);
  work.bytes_read = take(result, work_counter::kBytesRead);
  work.bytes_written = take(result, work_counter::kBytesWritten);
  const double precision = take(result, work_counter::kPrecision);
  work.precision = declared_precision ? precision_at(precision) : Precision::fp32;
  take(result, work_counter::kFlopRate);
  take(result, work_counter::kByteRate);
  if (work.flop <= 0 && work.bytes() <= 0) return;

  if (work.flop > 0) result.counters[counter::kFlop] = work.flop;
  if (work.bytes_read > 0) result.counters[counter::kBytesRead] = work.bytes_read;
  if (work.bytes_written > 0) result.counters[counter::kBytesWritten] = work.bytes_written;
  if (work.flop > 0 || declared_precision) result.counters[counter::kPrecision] = std::string(to_string(work.precision));
  if (result.samples.empty()) return;

  const RooflinePoint point = place_on_roofline(work, stats::median(result.samples), ceilings);
  set(result, counter::kTflopPerSecond, point.flops_per_s, 1e-12);
  set(result, counter::kGigabytesPerSecond, point.bytes_per_s, 1e-9);
  set(result, counter::kArithmeticIntensity, point.intensity);
  set(result, counter::kComputePct, point.compute_pct);
  set(result, counter::kMemoryPct, point.memory_pct);
  set(result, counter::kRooflinePct, point.roofline_pct);
  if (point.bound) result.counters[counter::kBound] = *point.bound;
  if (point.compute_pct || point.memory_pct) result.counters[counter::kCeilings] = std::string(to_string(ceilings.source));
}

}  // namespace perfgate
