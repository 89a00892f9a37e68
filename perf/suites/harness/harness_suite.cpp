// perfgate measuring itself: the gate must stay fast for large suites
// (target: `perfgate compare` of 10,000 benchmarks x 20 samples in under a
// second, docs/measurements.md), the whole offline pipeline: load, compare,
// suggest, report.  Host cases, real time.

#include <benchmark/benchmark.h>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/stats/mann_whitney.hpp"
#include "perfgate/stats/ratio_interval.hpp"
#include "perfgate/explain/suggest.hpp"
#include "perfgate/gate/comparison_json.hpp"
#include "perfgate/reports/junit_writer.hpp"
#include "perfgate/reports/markdown_writer.hpp"
#include "synthetic_results.hpp"

namespace {

using namespace perfgate;

constexpr std::size_t kBenchmarks = 10000;
constexpr std::size_t kSamples = 20;

const Results& baseline() {
  static const Results r = harness::synthetic_results(kBenchmarks, kSamples, 0, 1);
  return r;
}
const Results& current() {
  static const Results r = harness::synthetic_results(kBenchmarks, kSamples, 50, 2);
  return r;
}

void BM_load_results(benchmark::State& state) {
  const std::string text = results_to_json(current());
  for (auto _ : state) benchmark::DoNotOptimize(parse_results(text, "synthetic.json"));
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
}
BENCHMARK(BM_load_results)->Name("harness/load_results/10000x20")->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_compare(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(compare_results(baseline(), current()));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kBenchmarks));
}
BENCHMARK(BM_compare)->Name("harness/compare/10000x20")->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_write_reports(benchmark::State& state) {
  const Comparison comparison = compare_results(baseline(), current());
  for (auto _ : state) {
    benchmark::DoNotOptimize(comparison_to_junit(comparison, 1));
    benchmark::DoNotOptimize(comparison_to_json(comparison, 1));
    benchmark::DoNotOptimize(comparison_to_markdown(comparison, 1));
  }
}
BENCHMARK(BM_write_reports)->Name("harness/write_reports/10000")->UseRealTime()->Unit(benchmark::kMillisecond);

// The explain stage over the same run: every rule, with the comparison (its
// lookups were a scan per case per rule until 2026-11-24: quadratic).
void BM_suggest(benchmark::State& state) {
  const Comparison comparison = compare_results(baseline(), current());
  for (auto _ : state)
    benchmark::DoNotOptimize(suggest(SuggestContext{current(), &comparison, &baseline(), std::nullopt}, {}));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kBenchmarks));
}
BENCHMARK(BM_suggest)->Name("harness/suggest/10000x20")->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_mann_whitney(benchmark::State& state) {
  const auto& a = baseline().benchmarks[0].samples;
  const auto& b = current().benchmarks[0].samples;
  for (auto _ : state) benchmark::DoNotOptimize(stats::mann_whitney_u(a, b));
}
BENCHMARK(BM_mann_whitney)->Name("harness/mann_whitney/20x20")->UseRealTime();

void BM_ratio_interval(benchmark::State& state) {
  const auto& a = baseline().benchmarks[0].samples;
  const auto& b = current().benchmarks[0].samples;
  for (auto _ : state) benchmark::DoNotOptimize(stats::ratio_interval(a, b));
}
BENCHMARK(BM_ratio_interval)->Name("harness/ratio_interval/20x20")->UseRealTime();

// One case with 10,000 samples a side: 10^8 differences, never materialized.
void BM_ratio_interval_large(benchmark::State& state) {
  static const Results base = harness::synthetic_results(1, 10000, 0, 3);
  static const Results cur = harness::synthetic_results(1, 10000, 50, 4);
  for (auto _ : state) benchmark::DoNotOptimize(stats::ratio_interval(base.benchmarks[0].samples, cur.benchmarks[0].samples));
}
BENCHMARK(BM_ratio_interval_large)->Name("harness/ratio_interval/10000x10000")->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
