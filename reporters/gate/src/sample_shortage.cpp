#include "perfgate/gate/sample_shortage.hpp"

#include <algorithm>

namespace perfgate {

std::optional<std::string> sample_shortage_note(const std::vector<BenchmarkComparison>& benchmarks,
                                                const GateSettings& settings) {
  std::size_t pairs = 0, most = 0;
  for (const BenchmarkComparison& c : benchmarks) {
    if (!c.baseline || !c.current || !c.evidence) continue;  // not measured on both sides
    if (enough_samples(*c.baseline, *c.current, settings)) return std::nullopt;
    ++pairs;
    most = std::max(most, std::min(c.baseline->n, c.current->n));
  }
  if (pairs == 0) return std::nullopt;
  return "no benchmark had enough samples to be judged (" + std::to_string(settings.min_samples) +
         " a side needed; the most any had on both sides was " + std::to_string(most) +
         "): record Google Benchmark runs with --benchmark_repetitions=10 (perfgate's suite binaries do so "
         "themselves) or lower --min-samples";
}

}  // namespace perfgate
