#pragma once
// Turning fresh measurements into a baseline: what `perfgate baseline
// update` writes.

#include <cstddef>
#include <optional>
#include <vector>

#include "perfgate/model/results.hpp"

namespace perfgate {

// Several runs of one suite as one: samples and throttled counts are
// concatenated and each run becomes a round (BenchmarkResult::rounds),
// counters are the median of the runs' values, and a case that failed or
// was skipped in any run is failed or skipped.  The fingerprint, source and
// suite are the first run's.  Throws InputError when the runs are from
// different suites or devices.
Results pool_runs(const std::vector<Results>& runs);

struct RefreshOptions {
  // Only some cases were re-measured (a filter): the old baseline's other
  // cases are kept unchanged.
  bool partial = false;
  // Pool the new rounds with the old baseline's instead of replacing them,
  // keeping the most recent `keep_rounds`: a baseline recorded at several
  // times knows how far the machine moves between runs.
  bool append = false;
  std::size_t keep_rounds = 8;
};

// The new baseline: `fresh`, with every benchmark keeping the per-benchmark
// gate override of `old` (overrides survive refreshes), and `options`
// applied.
Results refreshed_baseline(const std::optional<Results>& old, Results fresh, const RefreshOptions& options);

}  // namespace perfgate
