#pragma once
// Student's t distribution, for the test that judges from summaries
// (summary_evidence.hpp).  Degrees of freedom may be fractional: the Welch-
// Satterthwaite approximation gives non-integer ones.

namespace perfgate::stats {

// P(T <= t) for T ~ Student t with `df` > 0 degrees of freedom.
double student_t_cdf(double t, double df);

// Two-sided tail P(|T| >= |t|).  Computed directly (not as 1 - cdf) so tiny
// p-values keep their precision.
double student_t_two_sided(double t, double df);

// The t with student_t_cdf(t, df) == p, for 0 < p < 1.
double student_t_quantile(double p, double df);

}  // namespace perfgate::stats
