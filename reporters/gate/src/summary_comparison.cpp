#include "perfgate/gate/summary_comparison.hpp"


#include "perfgate/model/summary_pooling.hpp"
#include "perfgate/stats/ratio_interval.hpp"
#include "perfgate/stats/summary_evidence.hpp"

namespace perfgate {
namespace {

// A side with samples is summarized by them (mean, stdev with n - 1).
stats::MeanSummary mean_summary(const BenchmarkResult& b) {
  const std::optional<SampleStatistics> s = b.samples.empty() ? b.summary : sample_statistics_of(b.samples);
  if (!s) return {};
  return {s->count, s->mean, s->stdev};
}

SampleSummary as_sample_summary(const stats::MeanSummary& s, int throttled) {
  SampleSummary out;
  out.n = s.count;
  out.median = s.mean;
  out.robust_cv = s.mean > 0.0 ? s.stdev / s.mean : 0.0;
  out.throttled = throttled;
  return out;
}

}  // namespace

bool needs_summary_comparison(const BenchmarkResult& baseline, const BenchmarkResult& current) {
  const auto summary_only = [](const BenchmarkResult& b) { return b.samples.empty() && b.summary.has_value(); };
  return summary_only(baseline) || summary_only(current);
}

SampleSummary summarize_summary(const SampleStatistics& summary) {
  return as_sample_summary({summary.count, summary.mean, summary.stdev}, 0);
}

SummaryComparison compare_summaries(const BenchmarkResult& baseline, const BenchmarkResult& current,
                                    const GateSettings& settings) {
  const stats::MeanSummary b = mean_summary(baseline), c = mean_summary(current);
  const stats::SummaryEvidence test = stats::summary_evidence(b, c, settings.confidence);
  SummaryComparison out;
  out.baseline = as_sample_summary(b, baseline.throttled_samples);
  out.current = as_sample_summary(c, current.throttled_samples);
  out.evidence.ratio = test.ratio;
  set_one_sided_from_two_sided(out.evidence, test.available ? test.p_value : 1.0);
  out.evidence.exact_p = false;
  // Separate runs shift as much as for samples (sample_evidence.hpp).
  out.evidence.between_run_term = between_run_term(out.baseline, out.current, settings);
  out.evidence.run_spread = run_spread(out.baseline, out.current, settings);
  const stats::RatioInterval interval =
      stats::widen({test.ratio, test.low, test.high, test.available}, out.evidence.between_run_term);
  out.evidence.interval_available = interval.available;
  out.evidence.ci_low = interval.low;
  out.evidence.ci_high = interval.high;
  return out;
}

}  // namespace perfgate
