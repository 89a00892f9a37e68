#pragma once
// Figures over a batch-size sweep: one case per batch size B, each timing
// one call on B samples.  Throughput at B is B / median(case).  From the
// sweep's medians:
//   <prefix>/best_throughput          max over B of B / median            (samples/s)
//   <prefix>/knee_batch               the smallest B whose throughput is at least
//                                     `knee_fraction` (90%) of the best  (batch)
//   <prefix>/largest_batch_that_fits  the largest B that was measured     (batch)
// A batch size that did not fit (its case skipped: out of memory) counts
// as not measured; so does one a --benchmark_filter left out, which the
// figure's formula says.

#include <string>
#include <utility>
#include <vector>

#include "perfgate/runtime/derived_figures.hpp"

namespace perfgate::figures {

// `sweep`: (batch size, case name), in increasing batch size.
std::vector<FigureDefinition> batch_sweep(const std::string& prefix, const std::vector<std::pair<int, std::string>>& sweep,
                                          double knee_fraction = 0.9);

}  // namespace perfgate::figures
