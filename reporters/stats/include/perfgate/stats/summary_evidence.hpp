#pragma once
// The evidence for a change when only summaries of the samples are known
// (NVBench JSON without its sample files): a Welch t-test and a confidence
// interval for the ratio of means, both on the log scale.  See
// docs/design.md, "Judging from summaries".

#include <cstddef>

namespace perfgate::stats {

// What a producer kept of a sample: its size, mean and standard deviation
// (n - 1 in the denominator).  Times must be positive.
struct MeanSummary {
  std::size_t count = 0;
  double mean = 0.0;
  double stdev = 0.0;
};

struct SummaryEvidence {
  double ratio = 1.0;     // mean(current) / mean(baseline)
  double log_se = 0.0;    // standard error of log(ratio), delta method
  double df = 0.0;        // Welch-Satterthwaite degrees of freedom (infinite when log_se is 0)
  double p_value = 1.0;   // two-sided Welch t-test of log(ratio) = 0
  double low = 0.0;       // confidence interval for the ratio: exp(log ratio -+ t * log_se)
  double high = 0.0;
  bool available = false; // false when a side has fewer than 2 samples or a mean <= 0
};

// log(mean) has standard error cv / sqrt(n) (delta method, cv = stdev /
// mean), so log(ratio) has se = sqrt(cv_b^2 / n_b + cv_c^2 / n_c), with
// Welch-Satterthwaite degrees of freedom
// df = se^4 / ((cv_b^2 / n_b)^2 / (n_b - 1) + (cv_c^2 / n_c)^2 / (n_c - 1)).
// p_value is the two-sided Student t tail of log(ratio) / se at df, and the
// interval at `confidence` is exp(log ratio -+ t_{(1 + confidence) / 2, df} * se).
// When both standard deviations are 0 the interval is [ratio, ratio] and
// p_value is 0 (or 1 for a ratio of exactly 1).  When !available only
// `ratio` is meaningful (1 when a mean is not positive).
SummaryEvidence summary_evidence(const MeanSummary& baseline, const MeanSummary& current,
                                 double confidence = 0.95);

}  // namespace perfgate::stats
