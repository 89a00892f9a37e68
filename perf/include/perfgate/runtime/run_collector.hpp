#pragma once
// A Google Benchmark reporter that records every repetition of every case
// as perfgate results, and shows the run through the usual display reporter.

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <benchmark/benchmark.h>

#include "perfgate/model/results.hpp"

namespace perfgate {

// A case marks a repetition whose clocks throttled by setting this counter
// to a non-zero value; the repetition is then left out of the samples.
inline constexpr const char* kThrottledCounter = "perfgate_throttled";

// How a GPU case starts its error when an earlier case lost the CUDA context.
// Such a case keeps the repetitions it measured before the loss (with random
// interleaving most cases have some); only one with none is an error.
inline constexpr std::string_view kContextLostPrefix = "GPU context lost in an earlier case: ";

class RunCollector : public benchmark::BenchmarkReporter {
 public:
  // The message of the error that lost the CUDA context, once one did
  // (perfgate::cuda::context_lost in a CUDA build); tests pass their own.
  using ContextLossProbe = std::function<std::optional<std::string>()>;

  // `display` prints the run (console, JSON or CSV); aggregates-only limits
  // what it shows, never what is recorded.
  RunCollector(std::unique_ptr<benchmark::BenchmarkReporter> display, bool display_aggregates_only,
               ContextLossProbe context_lost = default_context_loss_probe());

  static ContextLossProbe default_context_loss_probe();

  bool ReportContext(const Context& context) override;
  void ReportRuns(const std::vector<Run>& runs) override;
  void Finalize() override;

  // The cases in the order they first reported, keyed by canonical name.
  std::vector<BenchmarkResult> results() const;

  // Called after every report of finished cases (a worker's journal).
  void on_report(std::function<void()> callback) { on_report_ = std::move(callback); }

 private:
  struct Case {
    BenchmarkResult result;
    std::map<std::string, std::vector<double>> counter_samples;
    std::optional<std::string> context_lost;
  };
  void record(const Run& run);
  void record_error(Case& c, const std::string& message);

  std::unique_ptr<benchmark::BenchmarkReporter> display_;
  bool display_aggregates_only_;
  ContextLossProbe context_lost_;
  std::vector<std::string> order_;
  std::map<std::string, Case> cases_;
  std::function<void()> on_report_;
};

// The display reporter Google Benchmark would have made from
// --benchmark_format, --benchmark_color and --benchmark_counters_tabular.
std::unique_ptr<benchmark::BenchmarkReporter> make_display_reporter(const std::string& format, const std::string& color,
                                                                    bool counters_tabular);

}  // namespace perfgate
