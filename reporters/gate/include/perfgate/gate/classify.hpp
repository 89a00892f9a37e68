#pragma once
// The decision rule for one benchmark pair, apart from the statistics that
// feed it, so each verdict can be tested on its own.

#include <string>

#include "perfgate/gate/comparison.hpp"

namespace perfgate {

struct Classification {
  Verdict verdict;
  std::string reason;
};

// The practical threshold t in %: the smallest change worth failing for,
// threshold_pct, raised to noise_multiplier x the larger robust CV x 100
// only when the user asks for that (noise_multiplier > 0; default 0).  The
// noise itself is the statistics' business (q, the interval).
double practical_threshold_pct(double threshold_pct, const GateSettings& settings,
                               const SampleSummary& baseline, const SampleSummary& current);

// With [lo, hi] the ratio's interval (widened by the baseline's between-run
// spread) and t the practical threshold:
//   REGRESSION   q < fdr_q, lo > 1 and hi > 1 + t/100: some slowdown is
//                established and one of the threshold's size is within the
//                interval;
//   IMPROVEMENT  q < fdr_q, hi < 1 and lo < 1 / (1 + t/100);
//   NO_CHANGE    significant, but the whole interval within the threshold;
//                or not established and |ratio - 1| <= t;
//   INCONCLUSIVE not established and |ratio - 1| > t, too few samples, or
//                a zero median.
Classification classify(const SampleSummary& baseline, const SampleSummary& current,
                        const Evidence& evidence, double threshold_pct, const GateSettings& settings);

}  // namespace perfgate
