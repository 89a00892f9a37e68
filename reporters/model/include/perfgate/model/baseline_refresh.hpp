#pragma once
// Turning fresh measurements into a baseline: what `perfgate baseline
// update` writes.

#include <optional>
#include <vector>

#include "perfgate/model/results.hpp"

namespace perfgate {

// Several runs of one suite as one: samples and throttled counts are
// concatenated, counters are the median of the runs' values, and a case that
// failed or was skipped in any run is failed or skipped.  The fingerprint,
// source and suite are the first run's.  Throws InputError when the runs are
// from different suites or devices.
Results pool_runs(const std::vector<Results>& runs);

// The new baseline: `fresh`, with every benchmark keeping the per-benchmark
// gate override of `old` (overrides survive refreshes).  With `partial`
// (only some cases were re-measured), the benchmarks of `old` that `fresh`
// lacks are kept unchanged.
Results refreshed_baseline(const std::optional<Results>& old, Results fresh, bool partial);

}  // namespace perfgate
