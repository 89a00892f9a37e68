#include "perfgate/stats/student_t.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace perfgate::stats {
namespace {

// Continued fraction of the regularized incomplete beta function (modified
// Lentz; Numerical Recipes 6.4).  Converges fast for x < (a + 1) / (a + b + 2).
double beta_continued_fraction(double a, double b, double x) {
  constexpr double kTiny = 1e-300;
  constexpr double kEpsilon = 1e-15;
  double c = 1.0;
  double d = 1.0 - (a + b) * x / (a + 1.0);
  if (std::fabs(d) < kTiny) d = kTiny;
  d = 1.0 / d;
  double h = d;
  for (int m = 1; m <= 10000; ++m) {
    const double m2 = 2.0 * m;
    double aa = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
    for (int step = 0; step < 2; ++step) {
      d = 1.0 + aa * d;
      if (std::fabs(d) < kTiny) d = kTiny;
      c = 1.0 + aa / c;
      if (std::fabs(c) < kTiny) c = kTiny;
      d = 1.0 / d;
      const double delta = c * d;
      h *= delta;
      if (step == 1 && std::fabs(delta - 1.0) < kEpsilon) return h;
      aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
    }
  }
  return h;  // not converged in 10000 terms: only for absurd a, b
}

// I_x(a, b), the regularized incomplete beta function.
double incomplete_beta(double a, double b, double x) {
  if (x <= 0.0) return 0.0;
  if (x >= 1.0) return 1.0;
  const double log_front = std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) +
                           b * std::log1p(-x);
  const double front = std::exp(log_front);
  if (x < (a + 1.0) / (a + b + 2.0)) return front * beta_continued_fraction(a, b, x) / a;
  return 1.0 - front * beta_continued_fraction(b, a, 1.0 - x) / b;
}

void check_df(double df) {
  if (!(df > 0.0)) throw std::invalid_argument("Student t needs positive degrees of freedom");
}

}  // namespace

double student_t_two_sided(double t, double df) {
  check_df(df);
  if (std::isnan(t)) return std::numeric_limits<double>::quiet_NaN();
  if (std::isinf(t)) return 0.0;
  // P(|T| >= |t|) = I_{df / (df + t^2)}(df / 2, 1 / 2)
  return incomplete_beta(df / 2.0, 0.5, df / (df + t * t));
}

double student_t_cdf(double t, double df) {
  const double tail = student_t_two_sided(t, df) / 2.0;
  return t < 0.0 ? tail : 1.0 - tail;
}

double student_t_quantile(double p, double df) {
  check_df(df);
  if (!(p > 0.0 && p < 1.0)) throw std::invalid_argument("a quantile needs 0 < p < 1");
  if (p == 0.5) return 0.0;
  // Bisection on |t| against the two-sided tail, which falls monotonically:
  // slow next to Newton, but it cannot fail, and this runs once per benchmark.
  const double tail = 2.0 * std::min(p, 1.0 - p);
  double low = 0.0, high = 1.0;
  while (student_t_two_sided(high, df) > tail && high < 1e300) high *= 2.0;
  for (int i = 0; i < 200 && high - low > 1e-15 * high; ++i) {
    const double mid = (low + high) / 2.0;
    if (student_t_two_sided(mid, df) > tail) low = mid;
    else high = mid;
  }
  const double t = (low + high) / 2.0;
  return p < 0.5 ? -t : t;
}

}  // namespace perfgate::stats
