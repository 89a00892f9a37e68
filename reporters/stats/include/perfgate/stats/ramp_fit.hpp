#pragma once
// Step or drift: does the level around a change move at one commit, or
// gradually, or at a commit the data cannot place?  Least squares on the
// points around the change (the segments it separates) of two models: a step
// (level a, then level b) and a ramp (level a up to one point, a straight
// line to level b over the next ones, level b after).  A change is a drift
// when either
//   - the ramp fits clearly better: its likelihood ratio
//     n log(RSS_step / RSS_ramp) (gaussian noise: 2 x the log-likelihood
//     gain) reaches `min_evidence`, with `min_inner` points on the line; or
//   - the step cannot be placed: the indexes where a step fits within
//     `location_level` x the noise variance of the best step's RSS (a
//     likelihood-ratio set for the step's position, Hinkley 1970) span more
//     than `max_step_positions` runs.
// A slow drift (3% over 30 runs at 2% noise) is a ramp too shallow to tell
// from a small step by its residuals (their difference is about
// runs x total^2 / 48 sigma^2, 1.4 sigma^2 there); what the data do say is
// that no single commit is to blame, which is the second rule.  A small step
// (under about 2 sigma) is, by the same rule, reported as a drift over the
// commits it could be at.  Calibration: docs/measurements.md,
// "Change-point triage".

#include <cstddef>
#include <span>

namespace perfgate::stats {

struct RampSettings {
  double min_evidence = 12.0;
  double location_level = 6.0;
  std::size_t max_step_positions = 5;
  std::size_t min_inner = 2;       // points strictly between the two levels
  std::size_t min_flat = 2;        // points at each level at least
  std::size_t max_span = 200;      // longest ramp tried (cost: window x max_span)
  // Two neighbouring changes in one direction become one drift when a ramp
  // fits their window with n log(RSS_ramp / RSS_two_steps) at most this
  // (about BIC's price of the two steps' extra parameter at 100 runs,
  // log 100 = 4.6).
  double max_merge_cost = 5.0;
};

struct ShapeFit {
  bool drift = false;
  std::size_t first_moved = 0;    // first point off the old level (window-relative); a step: its index
  std::size_t first_at_level = 0; // first point at the new level; a step: the same
  double evidence = 0.0;          // n log(RSS_step / RSS_ramp) of the best ramp against the best step
  std::size_t location_first = 0; // the indexes a step could be at (likelihood-ratio set), first and last
  std::size_t location_last = 0;
  double step_rss = 0.0;          // residual sums of squares of the best step and the best ramp
  double ramp_rss = 0.0;
};

// The shape of the change in `window` (the points from the previous change,
// or the series' start, to the next change or the end).  No drift: the best
// step's index.  A window of fewer than 2 x min_flat + 2 points: a step at
// its middle, no evidence (perfgate passes 2 x min_segment points at least).
ShapeFit fit_shape(std::span<const double> window, const RampSettings& settings = {});

}  // namespace perfgate::stats
