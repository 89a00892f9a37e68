#pragma once
// The gate's statistics of two sets of samples, in one place: the case
// comparison (a case's repetitions) and the kernel comparison (one kernel's
// launches) both judge by them.

#include <cstddef>
#include <span>
#include <vector>

#include "perfgate/compare/gate_settings.hpp"

namespace perfgate {

struct SampleSummary {
  std::size_t n = 0;      // valid samples
  double median = 0.0;    // seconds (ns for a kernel's launches)
  double robust_cv = 0.0;
  int throttled = 0;      // samples left out because clocks throttled
  std::size_t rounds = 1;       // separate runs pooled into the samples
  double run_to_run_pct = 0.0;  // (largest / smallest round median - 1) x 100
};

// The statistics of one baseline/current pair.
struct Evidence {
  double ratio = 0.0;    // median(current) / median(baseline)
  bool interval_available = false;
  double ci_low = 0.0;   // interval for the ratio at GateSettings::confidence
  double ci_high = 0.0;
  double p_value = 1.0;  // Mann-Whitney U, two-sided
  bool exact_p = false;
  double q_value = 1.0;  // Benjamini-Hochberg across the family
};

// Count, median and robust CV of `samples` (one round, nothing throttled).
SampleSummary summarize_samples(std::span<const double> samples);

// Ratio of the summaries' medians, the Mann-Whitney U p-value and, when
// every sample is positive, the ratio's interval at settings.confidence.
// q_value starts as p_value (a pair outside any family); assign_q_values()
// replaces it.  Both sample sets must be non-empty.
Evidence gather_evidence(std::span<const double> baseline, const SampleSummary& baseline_summary,
                         std::span<const double> current, const SampleSummary& current_summary,
                         const GateSettings& settings);

// Benjamini-Hochberg across `family`: each member's q_value from the p-values
// of all of them.
void assign_q_values(const std::vector<Evidence*>& family);

// Whether a pair with these summaries belongs to the Benjamini-Hochberg
// family: enough samples on both sides (settings.min_samples).
bool enough_samples(const SampleSummary& baseline, const SampleSummary& current, const GateSettings& settings);

}  // namespace perfgate
