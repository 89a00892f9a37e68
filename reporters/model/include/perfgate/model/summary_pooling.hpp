#pragma once
// Pooling runs whose samples survive only as summaries (NVBench JSON
// without sample files): count, mean and standard deviation of the union of
// the runs' samples follow exactly from each run's own.

#include <optional>
#include <span>

#include "perfgate/model/results.hpp"

namespace perfgate {

// The summary of `samples` (stdev with n - 1; 0 for one sample); nullopt
// when there are none.
std::optional<SampleStatistics> sample_statistics_of(std::span<const double> samples);

// The summary of the union of two samples: counts add, the mean is the
// count-weighted mean, the variance is the within-sample sums of squares
// plus each mean's squared distance from the pooled mean, over n - 1.  min
// and max are the extremes of both when both have them; a median cannot be
// pooled from medians and is dropped.
SampleStatistics pool_summaries(const SampleStatistics& a, const SampleStatistics& b);

// Adds `run`'s measurement to `pooled` as a summary: samples on either side
// are summarized first, so `pooled` ends with a summary, no samples and no
// rounds.  A side with neither contributes nothing.
void pool_as_summary(BenchmarkResult& pooled, const BenchmarkResult& run);

}  // namespace perfgate
