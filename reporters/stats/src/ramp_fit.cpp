#include "perfgate/stats/ramp_fit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

namespace perfgate::stats {
namespace {

// Prefix sums of y, i * y and y^2 over the window, y centred on the window's
// mean (log times sit far from zero, and the RSS is a small difference).
struct PrefixSums {
  std::vector<double> y;
  std::vector<double> iy;
  double squares = 0.0;
};

PrefixSums prefix_sums(std::span<const double> window) {
  const double mean = std::accumulate(window.begin(), window.end(), 0.0) / static_cast<double>(window.size());
  PrefixSums p{std::vector<double>(window.size() + 1, 0.0), std::vector<double>(window.size() + 1, 0.0), 0.0};
  for (std::size_t i = 0; i < window.size(); ++i) {
    const double y = window[i] - mean;
    p.y[i + 1] = p.y[i] + y;
    p.iy[i + 1] = p.iy[i] + static_cast<double>(i) * y;
    p.squares += y * y;
  }
  return p;
}

// Residual sum of squares of the least-squares fit of level a at points
// [0, last_old], level b at [first_new, n), the straight line between them
// at the points in between (first_new - last_old - 1 of them; none: a step).
// The model is linear in (a, b): y_i = a (1 - r_i) + b r_i with r_i the
// ramp's fraction, so the normal equations are 2 x 2 with closed-form sums.
double ramp_rss(const PrefixSums& p, std::size_t n, std::size_t last_old, std::size_t first_new) {
  const double span = static_cast<double>(first_new - last_old);
  const double inner = span - 1.0;
  const double sum_r = inner / 2.0;                                   // sum of j / span, j = 1..span-1
  const double sum_r2 = inner * (2.0 * span - 1.0) / (6.0 * span);   // sum of (j / span)^2
  const double y_before = p.y[last_old + 1];
  const double y_inner = p.y[first_new] - p.y[last_old + 1];
  const double iy_inner = p.iy[first_new] - p.iy[last_old + 1];
  const double ry_inner = (iy_inner - static_cast<double>(last_old) * y_inner) / span;
  const double y_after = p.y[n] - p.y[first_new];
  const double uu = static_cast<double>(last_old + 1) + inner - 2.0 * sum_r + sum_r2;
  const double vv = static_cast<double>(n - first_new) + sum_r2;
  const double uv = sum_r - sum_r2;
  const double uy = y_before + (y_inner - ry_inner);
  const double vy = y_after + ry_inner;
  const double det = uu * vv - uv * uv;
  const double a = (uy * vv - vy * uv) / det;
  const double b = (uu * vy - uv * uy) / det;
  return std::max(p.squares - (a * uy + b * vy), 0.0);
}


// The step's residual sum of squares at each index of the window (0 where
// a step cannot be: fewer than min_flat points on a side) and the ramp that
// fits best.
struct Profiles {
  std::vector<double> step_rss;  // by the step's index; infinity where none
  double best_ramp = std::numeric_limits<double>::infinity();
  std::size_t ramp_first_moved = 0;
  std::size_t ramp_first_at_level = 0;
};

Profiles fit_profiles(std::span<const double> window, const RampSettings& settings) {
  const std::size_t n = window.size();
  const PrefixSums p = prefix_sums(window);
  Profiles profiles;
  profiles.step_rss.assign(n + 1, std::numeric_limits<double>::infinity());
  for (std::size_t last_old = settings.min_flat - 1; last_old + settings.min_flat + 1 <= n; ++last_old) {
    const std::size_t longest = std::min(n - settings.min_flat, last_old + settings.max_span);
    for (std::size_t first_new = last_old + 1; first_new <= longest; ++first_new) {
      const double rss = ramp_rss(p, n, last_old, first_new);
      if (first_new == last_old + 1) {
        profiles.step_rss[first_new] = rss;
      } else if (first_new - last_old - 1 >= settings.min_inner && rss < profiles.best_ramp) {
        profiles.best_ramp = rss;
        profiles.ramp_first_moved = last_old + 1;
        profiles.ramp_first_at_level = first_new;
      }
    }
  }
  return profiles;
}

}  // namespace

ShapeFit fit_shape(std::span<const double> window, const RampSettings& settings) {
  const std::size_t n = window.size();
  ShapeFit fit;
  if (n < 2 * settings.min_flat + 2 || settings.min_flat == 0) {
    fit.first_moved = fit.first_at_level = n / 2;
    return fit;
  }
  const Profiles profiles = fit_profiles(window, settings);
  const auto best = std::min_element(profiles.step_rss.begin(), profiles.step_rss.end());
  const double best_step = *best;
  fit.first_moved = fit.first_at_level = static_cast<std::size_t>(best - profiles.step_rss.begin());
  // Where the step could be: every index whose fit is within
  // location_level x the noise variance of the best one.
  const double variance = best_step / static_cast<double>(n - 3);
  std::size_t first = fit.first_moved;
  std::size_t last = fit.first_moved;
  for (std::size_t i = 0; i <= n; ++i)
    if (profiles.step_rss[i] - best_step <= settings.location_level * variance) {
      first = std::min(first, i);
      last = std::max(last, i);
    }
  fit.location_first = first;
  fit.location_last = last;
  const double tiny = 1e-300;
  fit.step_rss = best_step;
  fit.ramp_rss = std::isfinite(profiles.best_ramp) ? profiles.best_ramp : best_step;
  if (std::isfinite(profiles.best_ramp))
    fit.evidence = static_cast<double>(n) * std::log(std::max(best_step, tiny) / std::max(profiles.best_ramp, tiny));
  const bool ramp = fit.evidence >= settings.min_evidence;
  const bool unplaced = last - first + 1 > settings.max_step_positions;
  if (!ramp && !unplaced) return fit;
  fit.drift = true;
  // A ramp that fits says where the level moved; without one, the commits
  // the step could be at.
  fit.first_moved = ramp ? profiles.ramp_first_moved : first;
  fit.first_at_level = ramp ? profiles.ramp_first_at_level : last;
  return fit;
}

}  // namespace perfgate::stats
