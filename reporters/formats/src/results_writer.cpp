// Results -> JSON text in the results schema.

#include <cmath>

#include <nlohmann/json.hpp>

#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/formats/derived_figure_json.hpp"
#include "perfgate/formats/fingerprint_json.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/stats/summary.hpp"
#include "perfgate/platform/secret_redaction.hpp"

namespace perfgate {
namespace {

using Json = nlohmann::ordered_json;

Json gate_json(const GateOverride& gate) {
  Json j = Json::object();
  if (gate.threshold_pct) j["threshold_pct"] = *gate.threshold_pct;
  if (gate.ignore) j["ignore"] = true;
  if (gate.reason) j["reason"] = *gate.reason;
  if (gate.measure) j["measure"] = to_string(*gate.measure);
  if (gate.count_threshold_pct) j["count_threshold_pct"] = *gate.count_threshold_pct;
  return j;
}

Json kernels_json(const std::vector<KernelSummary>& kernels) {
  Json list = Json::array();
  for (const auto& k : kernels) {
    Json entry = {{"name", k.name}, {"calls", k.calls}, {"median_ns", k.median_ns}};
    if (!k.samples_ns.empty()) entry["samples_ns"] = k.samples_ns;
    list.push_back(std::move(entry));
  }
  return list;
}

Json kernel_counts_json(const std::vector<KernelCounts>& kernels) {
  Json list = Json::array();
  for (const auto& k : kernels)
    list.push_back({{"name", k.name}, {"launches_per_iteration", k.launches_per_iteration}, {"counts", k.counts}});
  return list;
}

Json copies_json(const std::vector<CopySummary>& copies) {
  Json list = Json::array();
  for (const auto& c : copies) list.push_back({{"direction", c.direction}, {"count", c.count}, {"bytes", c.bytes}});
  return list;
}

Json trace_json(const TraceInfo& trace) {
  return {{"path", trace.path}, {"iterations", trace.iterations}, {"dropped_records", trace.dropped_records}};
}

Json summary_json(const SampleStatistics& s) {
  Json j = {{"count", s.count}, {"mean", s.mean}, {"stdev", s.stdev}};
  if (s.median) j["median"] = *s.median;
  if (s.min) j["min"] = *s.min;
  if (s.max) j["max"] = *s.max;
  return j;
}

Json benchmark_json(const BenchmarkResult& b) {
  Json j;
  j["name"] = b.name;
  j["unit"] = b.unit;
  j["samples"] = b.samples;
  // Only a summary survived (NVBench without sample files): keep it, so a
  // promoted baseline judges the same way.
  if (b.samples.empty() && b.summary) j["summary"] = summary_json(*b.summary);
  if (b.rounds.size() >= 2) j["rounds"] = b.rounds;
  j["throttled_samples"] = b.throttled_samples;
  j["iterations"] = b.iterations;
  if (!b.samples.empty()) {
    j["median"] = stats::median(b.samples);
    j["robust_cv"] = stats::robust_cv(b.samples);
  }
  Json counters = Json::object();
  for (const auto& [name, value] : b.counters) {
    // A rate over a zero time is not a measurement; leave it out rather
    // than write null.
    if (const double* number = std::get_if<double>(&value); number && !std::isfinite(*number)) continue;
    const std::string& key = name;  // clang < 16 cannot capture a structured binding
    std::visit([&](const auto& v) { counters[key] = v; }, value);
  }
  j["counters"] = counters;
  if (!b.kernels.empty()) j["kernels"] = kernels_json(b.kernels);
  if (!b.copies.empty()) j["copies"] = copies_json(b.copies);
  if (b.trace) j["trace"] = trace_json(*b.trace);
  if (!b.kernel_counts.empty()) j["kernel_counts"] = kernel_counts_json(b.kernel_counts);
  if (!b.gate.empty()) j["gate"] = gate_json(b.gate);
  if (b.error) j["error"] = *b.error;
  if (b.skipped) j["skipped"] = *b.skipped;
  return j;
}

}  // namespace

std::string results_to_json(const Results& results) {
  Json j;
  j["schema"] = kResultsSchema;
  j["schema_version"] = kResultsSchemaVersion;
  j["suite"] = results.suite;
  j["created_utc"] = results.created_utc;
  j["source"] = {{"git_commit", results.source.git_commit},
                 {"git_dirty", results.source.git_dirty},
                 {"command", redact_secrets(results.source.command)},
                 {"perfgate_version", results.source.perfgate_version}};
  j["fingerprint"] = fingerprint_to_json(results.fingerprint);
  Json benchmarks = Json::array();
  for (const auto& b : results.benchmarks) benchmarks.push_back(benchmark_json(b));
  j["benchmarks"] = std::move(benchmarks);
  // Optional and additive: a run without figures writes the file it always did.
  if (!results.figures.empty()) j["figures"] = figures_to_json(results.figures);
  // Invalid UTF-8 in a name or message must not make the write throw.
  return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

void save_results(const Results& results, const std::filesystem::path& file) {
  write_file_atomically(file, results_to_json(results));
}

}  // namespace perfgate
