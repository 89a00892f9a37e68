#include "perfgate/compare/sample_evidence.hpp"

#include "perfgate/stats/benjamini_hochberg.hpp"
#include "perfgate/stats/mann_whitney.hpp"
#include "perfgate/stats/ratio_interval.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate {
namespace {

bool all_positive(std::span<const double> samples) {
  for (double s : samples)
    if (!(s > 0.0)) return false;
  return true;
}

}  // namespace

SampleSummary summarize_samples(std::span<const double> samples) {
  SampleSummary s;
  s.n = samples.size();
  s.median = stats::median(samples);
  s.robust_cv = stats::robust_cv(samples);
  return s;
}

Evidence gather_evidence(std::span<const double> baseline, const SampleSummary& baseline_summary,
                         std::span<const double> current, const SampleSummary& current_summary,
                         const GateSettings& settings) {
  Evidence e;
  e.ratio = current_summary.median / baseline_summary.median;
  const stats::MannWhitney test = stats::mann_whitney_u(baseline, current);
  e.p_value = test.p_value;
  e.exact_p = test.exact;
  e.q_value = test.p_value;
  if (all_positive(baseline) && all_positive(current)) {
    const stats::RatioInterval interval = stats::ratio_interval(baseline, current, settings.confidence);
    e.interval_available = interval.available;
    e.ci_low = interval.low;
    e.ci_high = interval.high;
  }
  return e;
}

void assign_q_values(const std::vector<Evidence*>& family) {
  std::vector<double> p_values;
  p_values.reserve(family.size());
  for (const Evidence* e : family) p_values.push_back(e->p_value);
  const std::vector<double> q_values = stats::benjamini_hochberg(p_values);
  for (std::size_t i = 0; i < family.size(); ++i) family[i]->q_value = q_values[i];
}

bool enough_samples(const SampleSummary& baseline, const SampleSummary& current, const GateSettings& settings) {
  return baseline.n >= settings.min_samples && current.n >= settings.min_samples;
}

}  // namespace perfgate
