#include "perfgate/runtime/run_collector.hpp"

#include <unistd.h>

#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/runtime/context_loss.hpp"
#include "perfgate/runtime/sm_clock.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate {

RunCollector::RunCollector(std::unique_ptr<benchmark::BenchmarkReporter> display, bool display_aggregates_only,
                           ContextLossProbe context_lost)
    : display_(std::move(display)),
      display_aggregates_only_(display_aggregates_only),
      context_lost_(std::move(context_lost)) {}

// The runtime's record, which the CUDA checks fill (a host build notes nothing).
RunCollector::ContextLossProbe RunCollector::default_context_loss_probe() {
  return [] { return context_lost(); };
}

bool RunCollector::ReportContext(const Context& context) { return display_->ReportContext(context); }

void RunCollector::ReportRuns(const std::vector<Run>& runs) {
  std::vector<Run> shown;
  for (const Run& run : runs) {
    if (run.run_type == Run::RT_Iteration) record(run);
    if (!display_aggregates_only_ || run.run_type == Run::RT_Aggregate) shown.push_back(run);
  }
  if (!shown.empty()) display_->ReportRuns(shown);
  if (on_report_) on_report_();
}

void RunCollector::Finalize() { display_->Finalize(); }

// The first error of a case is its cause; later repetitions fail because of
// it.  Once the CUDA context is lost, every GPU call fails, so an error other
// than the one that lost it (a case's own cudaMalloc, say) is a consequence.
void RunCollector::record_error(Case& c, const std::string& message) {
  if (c.result.error || c.result.skipped || c.context_lost) return;
  if (message.rfind(kSkipPrefix, 0) == 0) {
    c.result.skipped = message.substr(kSkipPrefix.size());
    return;
  }
  if (message.rfind(kContextLostPrefix, 0) == 0) {
    c.context_lost = message;
    return;
  }
  if (const auto lost = context_lost_ ? context_lost_() : std::nullopt; lost && *lost != message) {
    c.context_lost = std::string(kContextLostPrefix) + *lost + " (the case then reported: " + message + ")";
    return;
  }
  c.result.error = message;
}

void RunCollector::record(const Run& run) {
  const std::string name = canonical_benchmark_name(run.run_name.str());
  auto [slot, inserted] = cases_.try_emplace(name);
  if (inserted) order_.push_back(name);
  Case& c = slot->second;
  c.result.name = name;
  if (run.error_occurred) {
    record_error(c, run.error_message);
    return;
  }
  const auto throttled = run.counters.find(kThrottledCounter);
  if (throttled != run.counters.end() && throttled->second.value != 0.0) {
    ++c.result.throttled_samples;
    return;
  }
  // With UseManualTime, real_accumulated_time holds the manual (GPU) time.
  c.result.samples.push_back(run.real_accumulated_time / static_cast<double>(run.iterations));
  c.result.iterations = run.iterations;
  for (const auto& [counter, value] : run.counters)
    if (counter != kThrottledCounter) c.counter_samples[counter].push_back(value.value);
}

std::vector<BenchmarkResult> RunCollector::results() const {
  std::vector<BenchmarkResult> out;
  for (const std::string& name : order_) {
    const Case& c = cases_.at(name);
    BenchmarkResult result = c.result;
    // A case that failed in any repetition is reported as failed: its
    // remaining samples would describe a different workload.
    if (result.error || result.skipped) result.samples.clear();
    if (c.context_lost && result.measured() && result.samples.empty()) result.error = c.context_lost;
    if (result.measured() && result.samples.empty() && result.throttled_samples > 0)
      result.error =
          "every repetition ran with the SM clock throttled (below the case's threshold, 75% of the maximum unless "
          "MeasureOptions::throttle_fraction says otherwise): nothing left to gate; check the GPU's cooling and power";
    for (const auto& [counter, values] : c.counter_samples) result.counters[counter] = stats::median(values);
    out.push_back(std::move(result));
  }
  return out;
}

std::unique_ptr<benchmark::BenchmarkReporter> make_display_reporter(const std::string& format, const std::string& color,
                                                                    bool counters_tabular) {
  if (format == "json") return std::make_unique<benchmark::JSONReporter>();
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"  // still Google Benchmark's csv format
  if (format == "csv") return std::make_unique<benchmark::CSVReporter>();
#pragma GCC diagnostic pop
  const bool colored = color == "true" || color == "yes" || color == "1" ||
                       ((color == "auto" || color.empty()) && ::isatty(STDOUT_FILENO));
  int options = benchmark::ConsoleReporter::OO_None;
  if (colored) options |= benchmark::ConsoleReporter::OO_Color;
  if (counters_tabular) options |= benchmark::ConsoleReporter::OO_Tabular;
  return std::make_unique<benchmark::ConsoleReporter>(static_cast<benchmark::ConsoleReporter::OutputOptions>(options));
}

}  // namespace perfgate
