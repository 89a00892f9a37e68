#include "gpu_case.hpp"

#include <stdexcept>

#include "perfgate/cuda/device_memory.hpp"
#include "perfgate/runtime/run_collector.hpp"

namespace perfgate::testing {
namespace {

class Silent : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>&) override {}
};

}  // namespace

BenchmarkResult run_gpu_case(const std::string& name, std::function<void(benchmark::State&)> body,
                             const CaseOptions& options) {
  benchmark::ClearRegisteredBenchmarks();
  benchmark::RegisterBenchmark(name.c_str(), body)
      ->UseManualTime()
      ->Setup(cuda::note_memory_before_case)
      ->Repetitions(options.repetitions)
      ->MinTime(options.min_time_s);
  RunCollector collector(std::make_unique<Silent>(), false);
  benchmark::RunSpecifiedBenchmarks(&collector);
  benchmark::ClearRegisteredBenchmarks();
  const auto results = collector.results();
  if (results.size() != 1) throw std::runtime_error("expected one case, got " + std::to_string(results.size()));
  return results[0];
}

double counter(const BenchmarkResult& r, const std::string& name) {
  const auto it = r.counters.find(name);
  if (it == r.counters.end()) return -1.0;
  const double* value = std::get_if<double>(&it->second);
  return value ? *value : -1.0;
}

}  // namespace perfgate::testing
