#pragma once

#include "perfgate/model/ceilings.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate {

// Turns what a case declared through perfgate::work() into the counters its
// results keep, all per call or derived from the median time per call:
//   flop, bytes_read, bytes_written, precision      as declared
//   TFLOP/s, GB/s, arithmetic_intensity (FLOP/byte) from the median time
//   compute_pct, memory_pct, roofline_pct, bound    against `ceilings`
//   ceilings                                        "measured" or "theoretical"
// The transport counters (perfgate_*) and the display rates are removed.
// A case that declared nothing is left as it is.
void derive_work_counters(BenchmarkResult& result, const Ceilings& ceilings);

}  // namespace perfgate
