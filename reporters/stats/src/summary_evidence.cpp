#include "perfgate/stats/summary_evidence.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "perfgate/stats/student_t.hpp"

namespace perfgate::stats {
namespace {

// Variance of log(mean) by the delta method: (stdev / mean)^2 / n.
double log_mean_variance(const MeanSummary& s) {
  const double cv = s.stdev / s.mean;
  return cv * cv / static_cast<double>(s.count);
}

double welch_df(const MeanSummary& b, double var_b, const MeanSummary& c, double var_c) {
  const double denominator = var_b * var_b / static_cast<double>(b.count - 1) +
                             var_c * var_c / static_cast<double>(c.count - 1);
  if (denominator == 0.0) return std::numeric_limits<double>::infinity();
  const double total = var_b + var_c;
  return total * total / denominator;
}

bool usable(const MeanSummary& s) {
  return s.count >= 2 && std::isfinite(s.mean) && s.mean > 0.0 && std::isfinite(s.stdev) && s.stdev >= 0.0;
}

}  // namespace

SummaryEvidence summary_evidence(const MeanSummary& baseline, const MeanSummary& current, double confidence) {
  if (!(confidence > 0.0 && confidence < 1.0)) throw std::invalid_argument("confidence must be in (0, 1)");
  SummaryEvidence e;
  if (baseline.mean > 0.0 && current.mean > 0.0) e.ratio = current.mean / baseline.mean;
  if (!usable(baseline) || !usable(current)) return e;
  const double log_ratio = std::log(e.ratio);
  const double var_b = log_mean_variance(baseline), var_c = log_mean_variance(current);
  e.log_se = std::sqrt(var_b + var_c);
  e.df = welch_df(baseline, var_b, current, var_c);
  e.available = true;
  if (e.log_se == 0.0) {  // no spread at all: the means are the whole story
    e.p_value = log_ratio == 0.0 ? 1.0 : 0.0;
    e.low = e.high = e.ratio;
    return e;
  }
  e.p_value = student_t_two_sided(log_ratio / e.log_se, e.df);
  const double t = student_t_quantile((1.0 + confidence) / 2.0, e.df);
  e.low = std::exp(log_ratio - t * e.log_se);
  e.high = std::exp(log_ratio + t * e.log_se);
  return e;
}

}  // namespace perfgate::stats
