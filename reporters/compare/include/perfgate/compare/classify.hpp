#pragma once
// The decision rule for one benchmark pair, apart from the statistics that
// feed it, so each verdict can be tested on its own.

#include <string>

#include "perfgate/compare/comparison.hpp"

namespace perfgate {

struct Classification {
  Verdict verdict;
  std::string reason;
};

// The practical threshold in %: max(threshold_pct, noise_multiplier x the
// larger robust CV x 100, the baseline's run-to-run spread): a change the
// machine itself makes between runs of unchanged code is not a regression.
double practical_threshold_pct(double threshold_pct, const GateSettings& settings,
                               const SampleSummary& baseline, const SampleSummary& current);

// REGRESSION: ratio - 1 > t, q < fdr_q and the interval lies above 1;
// IMPROVEMENT: the mirror image; NO_CHANGE: |ratio - 1| <= t; otherwise
// INCONCLUSIVE.  Too few samples on either side is INCONCLUSIVE too.
Classification classify(const SampleSummary& baseline, const SampleSummary& current,
                        const Evidence& evidence, double threshold_pct, const GateSettings& settings);

}  // namespace perfgate
