#pragma once
// The gate's knobs.  Defaults follow docs/design.md; each can be set per run,
// and threshold_pct (and ignore) per benchmark through a baseline's "gate".

#include <cstddef>

namespace perfgate {

struct GateSettings {
  double threshold_pct = 5.0;     // smallest change worth failing for
  double noise_multiplier = 3.0;  // ... raised to this many robust CVs
  double fdr_q = 0.05;            // Benjamini-Hochberg level across the run
  std::size_t min_samples = 5;    // valid samples needed on each side
  double confidence = 0.95;       // level of the ratio's interval
};

}  // namespace perfgate
