#include "perfgate/model/summary_pooling.hpp"

#include <algorithm>
#include <cmath>

#include "perfgate/stats/summary.hpp"

namespace perfgate {
namespace {

std::optional<double> extreme(const std::optional<double>& a, const std::optional<double>& b, bool lowest) {
  if (!a || !b) return std::nullopt;  // unknown on one side: unknown for the pool
  return lowest ? std::min(*a, *b) : std::max(*a, *b);
}

std::optional<SampleStatistics> statistics_of(const BenchmarkResult& b) {
  if (b.summary) return b.summary;
  return sample_statistics_of(b.samples);
}

}  // namespace

std::optional<SampleStatistics> sample_statistics_of(std::span<const double> samples) {
  if (samples.empty()) return std::nullopt;
  SampleStatistics s;
  s.count = samples.size();
  double sum = 0.0;
  for (double x : samples) sum += x;
  s.mean = sum / static_cast<double>(s.count);
  double squares = 0.0;  // two passes: no cancellation for tightly clustered times
  for (double x : samples) squares += (x - s.mean) * (x - s.mean);
  s.stdev = s.count > 1 ? std::sqrt(squares / static_cast<double>(s.count - 1)) : 0.0;
  s.median = stats::median(samples);
  const auto [lo, hi] = std::minmax_element(samples.begin(), samples.end());
  s.min = *lo;
  s.max = *hi;
  return s;
}

SampleStatistics pool_summaries(const SampleStatistics& a, const SampleStatistics& b) {
  const double na = static_cast<double>(a.count), nb = static_cast<double>(b.count);
  SampleStatistics p;
  p.count = a.count + b.count;
  const double n = static_cast<double>(p.count);
  p.mean = (na * a.mean + nb * b.mean) / n;
  const double squares = (na - 1.0) * a.stdev * a.stdev + (nb - 1.0) * b.stdev * b.stdev +
                         na * (a.mean - p.mean) * (a.mean - p.mean) + nb * (b.mean - p.mean) * (b.mean - p.mean);
  p.stdev = p.count > 1 ? std::sqrt(std::max(0.0, squares) / (n - 1.0)) : 0.0;
  p.min = extreme(a.min, b.min, true);
  p.max = extreme(a.max, b.max, false);
  // Rounding can put the weighted mean a hair outside [min, max].
  if (p.min && p.max) p.mean = std::clamp(p.mean, *p.min, *p.max);
  return p;
}

void pool_as_summary(BenchmarkResult& pooled, const BenchmarkResult& run) {
  const std::optional<SampleStatistics> before = statistics_of(pooled), added = statistics_of(run);
  if (before && added) pooled.summary = pool_summaries(*before, *added);
  else pooled.summary = before ? before : added;
  pooled.samples.clear();
  pooled.rounds.clear();
}

}  // namespace perfgate
