#pragma once
// The gate's knobs.  Defaults follow docs/design.md; each can be set per run,
// and threshold_pct (and ignore) per benchmark through a baseline's "gate".

#include <cstddef>

namespace perfgate {

struct GateSettings {
  double threshold_pct = 5.0;     // smallest change worth failing for
  // ... raised to this many robust CVs.  2.5, not 3: at 10 repetitions a
  // side and 2% noise, 3 CVs missed 6-7% of 10% slowdowns (a CV from 10
  // samples is itself noisy); 2.5 catches 98.9% with no more false alarms
  // (docs/measurements.md: the simulation, and an A/A check on the runner).
  double noise_multiplier = 2.5;
  double fdr_q = 0.05;            // Benjamini-Hochberg level across the run
  std::size_t min_samples = 5;    // valid samples needed on each side
  double confidence = 0.95;       // level of the ratio's interval
};

}  // namespace perfgate
