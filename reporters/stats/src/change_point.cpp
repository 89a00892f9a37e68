#include "perfgate/stats/change_point.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <numeric>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>

#include "perfgate/stats/bump_scan.hpp"
#include "perfgate/stats/mann_whitney.hpp"
#include "perfgate/stats/student_t.hpp"

namespace perfgate::stats {
namespace {

using Segment = std::span<const double>;

void check_input(Segment series, const ChangePointSettings& settings) {
  // A t-test needs a variance on each side, so two points at least.
  if (settings.min_segment < 2) throw std::invalid_argument("change points: min_segment must be at least 2");
  if (!(settings.max_p_value > 0.0 && settings.max_p_value <= 1.0))
    throw std::invalid_argument("change points: max_p_value must be in (0, 1]");
  if (!(settings.max_rank_p_value > 0.0 && settings.max_rank_p_value <= 1.0))
    throw std::invalid_argument("change points: max_rank_p_value must be in (0, 1]");
  if (!(settings.max_bump_p_value >= 0.0 && settings.max_bump_p_value <= 1.0))
    throw std::invalid_argument("change points: max_bump_p_value must be in [0, 1]");
  for (const double value : series)
    if (!std::isfinite(value)) throw std::invalid_argument("change points: the series holds NaN or infinity");
}

double mean_of(Segment values) {
  return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

// Sample variance (n - 1), two passes: the values are log times that sit far
// from zero, where the one-pass formula cancels.
double variance_of(Segment values, double mean) {
  double squares = 0.0;
  for (const double value : values) squares += (value - mean) * (value - mean);
  return squares / static_cast<double>(values.size() - 1);
}

struct SplitTest {
  double p_value;
  double mean_before;
  double mean_after;
  double rank_p_value = 1.0;  // Mann-Whitney U, two-sided
  std::size_t size_before = 0;
  std::size_t size_after = 0;
};

// Student's two-sample t-test (two-sided, pooled variance), as Otava uses.
// Not Welch's: E-divisive may propose a split with only min_segment points on
// one side, and when those few happen to lie close together Welch's standard
// error forgets the short side's uncertainty; in the study (docs/measurements.md)
// Welch at p < 1e-6 still called a change in 0.35% of unchanged 30-run series
// and missed 38% of 4-sigma steps, where the pooled test at p < 1e-4 gives
// 0.15% and 0.9%.  Both sides exactly constant: certain when the means differ.
SplitTest student_test(Segment before, Segment after) {
  const double mean_before = mean_of(before);
  const double mean_after = mean_of(after);
  const double n_before = static_cast<double>(before.size());
  const double n_after = static_cast<double>(after.size());
  const double df = n_before + n_after - 2.0;
  const double pooled = ((n_before - 1.0) * variance_of(before, mean_before) +
                         (n_after - 1.0) * variance_of(after, mean_after)) / df;
  const double se2 = pooled * (1.0 / n_before + 1.0 / n_after);
  if (se2 == 0.0) return {mean_before == mean_after ? 1.0 : 0.0, mean_before, mean_after};
  const double t = (mean_after - mean_before) / std::sqrt(se2);
  return {student_t_two_sided(t, df), mean_before, mean_after};
}

// The t-test and, beside it, Mann-Whitney U between the same sides.  A t-test
// reads one outlier in a short side as a step (its mean moves by a third of
// the outlier, the pooled variance hardly grows); the ranks see one high
// value among ordinary ones.  In the study the guard at 0.01 cut the false
// changes of 60-run series with occasional outliers from 1.9% to 0.6% and
// cost no detection.
SplitTest split_test(Segment before, Segment after) {
  SplitTest test = student_test(before, after);
  test.rank_p_value = mann_whitney_u(before, after).p_value;
  test.size_before = before.size();
  test.size_after = after.size();
  return test;
}

// The smallest two-sided p-value U can give for these sizes: all of one side
// above all of the other, 2 / C(m + n, m).
double smallest_rank_p_value(std::size_t m, std::size_t n) {
  const double log_choose = std::lgamma(static_cast<double>(m + n) + 1.0) -
                            std::lgamma(static_cast<double>(m) + 1.0) - std::lgamma(static_cast<double>(n) + 1.0);
  return std::min(1.0, 2.0 * std::exp(-log_choose));
}

// Where U cannot reach the guard's level at all (3 runs against fewer than 9),
// the t-test decides alone rather than no change ever being found there.
bool significant(const SplitTest& test, const ChangePointSettings& settings) {
  if (!(test.p_value < settings.max_p_value)) return false;
  return test.rank_p_value < settings.max_rank_p_value ||
         smallest_rank_p_value(test.size_before, test.size_after) >= settings.max_rank_p_value;
}

// The rank test only where the t-test passes: most splits tried fail the
// t-test, and U's exact distribution for a new pair of sizes costs more than
// the whole split search.
bool significant_split(Segment before, Segment after, const ChangePointSettings& settings) {
  if (!(student_test(before, after).p_value < settings.max_p_value)) return false;
  return significant(split_test(before, after), settings);
}

// Counts and sums of the values inserted so far, indexed by rank (a Fenwick
// tree), so the distance from a new value to all earlier ones costs O(log n).
class RankedSums {
 public:
  explicit RankedSums(std::size_t size) : counts_(size + 1, 0.0), sums_(size + 1, 0.0) {}

  void insert(std::size_t rank, double value) {
    for (std::size_t i = rank + 1; i < counts_.size(); i += i & (~i + 1)) {
      counts_[i] += 1.0;
      sums_[i] += value;
    }
    total_count_ += 1.0;
    total_sum_ += value;
  }

  // sum over inserted y of |value - y|, for a value of the given rank.
  [[nodiscard]] double distance_to_all(std::size_t rank, double value) const {
    double below_count = 0.0;
    double below_sum = 0.0;
    for (std::size_t i = rank; i > 0; i -= i & (~i + 1)) {
      below_count += counts_[i];
      below_sum += sums_[i];
    }
    const double above_sum = total_sum_ - below_sum;
    const double above_count = total_count_ - below_count;
    return (value * below_count - below_sum) + (above_sum - value * above_count);
  }

 private:
  std::vector<double> counts_;
  std::vector<double> sums_;
  double total_count_ = 0.0;
  double total_sum_ = 0.0;
};

// Each value's rank among x, equal values in index order: one sort of
// (value, index) pairs, which both passes of best_split share.
std::vector<std::size_t> ranks_of(const std::vector<double>& x) {
  std::vector<std::pair<double, std::size_t>> sorted(x.size());
  for (std::size_t k = 0; k < x.size(); ++k) sorted[k] = {x[k], k};
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::size_t> rank(x.size());
  for (std::size_t r = 0; r < sorted.size(); ++r) rank[sorted[r].second] = r;
  return rank;
}

// within[j] = sum over the pairs among the first j values visited of
// |x_p - x_q|, for j = 0..n: the values visited from the first (forward)
// or from the last.  Equal values may share any order of ranks: their
// distance is 0 either way.
std::vector<double> prefix_within_distances(const std::vector<double>& x, const std::vector<std::size_t>& rank,
                                            bool from_last) {
  RankedSums inserted(x.size());
  std::vector<double> within(x.size() + 1, 0.0);
  for (std::size_t j = 0; j < x.size(); ++j) {
    const std::size_t k = from_last ? x.size() - 1 - j : j;
    within[j + 1] = within[j] + inserted.distance_to_all(rank[k], x[k]);
    inserted.insert(rank[k], x[k]);
  }
  return within;
}

// Pairs among `count` points, for the mean of within-side distances.
double pair_count(std::size_t count) {
  return static_cast<double>(count) * static_cast<double>(count - 1) / 2.0;
}

// The split tau (segment-relative) that maximizes E-divisive's
// Q = m n / (m + n) * (2/(m n) B - W_left / C(m,2) - W_right / C(n,2)),
// B the distances across the split, W the distances within each side
// (alpha = 1).  The within sums come from a forward and a backward prefix
// pass, B from the total: O(n log n) for all splits.  Values are centred
// first so that the rank sums do not cancel.
std::size_t best_split(Segment segment, std::size_t min_segment) {
  const double centre = mean_of(segment);
  std::vector<double> x(segment.size());
  std::transform(segment.begin(), segment.end(), x.begin(), [&](double v) { return v - centre; });
  const std::vector<std::size_t> rank = ranks_of(x);
  const std::vector<double> forward = prefix_within_distances(x, rank, false);
  const std::vector<double> backward = prefix_within_distances(x, rank, true);

  const std::size_t n = segment.size();
  const double total = forward[n];
  std::size_t best = min_segment;
  double best_q = -std::numeric_limits<double>::infinity();
  for (std::size_t tau = min_segment; tau + min_segment <= n; ++tau) {
    const std::size_t left = tau;
    const std::size_t right = n - tau;
    const double within_left = forward[left];
    const double within_right = backward[right];
    const double across = total - within_left - within_right;
    const double m = static_cast<double>(left);
    const double r = static_cast<double>(right);
    const double energy = 2.0 * across / (m * r) - within_left / pair_count(left) -
                          within_right / pair_count(right);
    const double q = m * r / (m + r) * energy;
    if (q > best_q) {
      best_q = q;
      best = tau;
    }
  }
  return best;
}

// The t-test and rank test of a bump's inside against its outside (both
// ends of the segment together).  The t-test's level is Bonferroni's over the
// intervals compared: the best of about n x width intervals (against n
// splits) would otherwise be a change in every long unchanged series.
bool significant_bump(Segment segment, const Bump& bump, const ChangePointSettings& settings) {
  std::vector<double> outside(segment.begin(), segment.begin() + static_cast<std::ptrdiff_t>(bump.begin));
  outside.insert(outside.end(), segment.begin() + static_cast<std::ptrdiff_t>(bump.end), segment.end());
  ChangePointSettings bump_level = settings;
  bump_level.max_p_value = settings.max_bump_p_value / static_cast<double>(bump.candidates);
  return significant_split(outside, segment.subspan(bump.begin, bump.end - bump.begin), bump_level);
}

// A split tested on the `half_width` points on either side of it within
// [begin, end) (its neighbours, or the segment searched), at Bonferroni's
// level over `candidates` splits.
SplitTest local_test(Segment series, std::size_t begin, std::size_t tau, std::size_t end, std::size_t half_width) {
  const std::size_t from = std::max(begin, tau > half_width ? tau - half_width : 0);
  const std::size_t to = std::min(end, tau + half_width);
  return split_test(series.subspan(from, tau - from), series.subspan(tau, to - tau));
}

ChangePointSettings local_level(const ChangePointSettings& settings, std::size_t candidates) {
  ChangePointSettings level = settings;
  level.max_p_value = settings.max_bump_p_value / static_cast<double>(std::max<std::size_t>(candidates, 1));
  return level;
}

// The split of a segment whose neighbourhoods (half_width points a side)
// differ most by Student's test; nullopt when none can be tested.
std::optional<std::size_t> best_local_split(Segment segment, const ChangePointSettings& settings) {
  const std::size_t n = segment.size(), h = settings.local_half_width;
  if (h < settings.min_segment || n < 2 * settings.min_segment) return std::nullopt;
  std::optional<std::size_t> best;
  double best_p = 2.0;
  for (std::size_t tau = settings.min_segment; tau + settings.min_segment <= n; ++tau) {
    const std::size_t from = tau > h ? tau - h : 0, to = std::min(n, tau + h);
    const double p = student_test(segment.subspan(from, tau - from), segment.subspan(tau, to - tau)).p_value;
    if (p < best_p) {
      best_p = p;
      best = tau;
    }
  }
  return best;
}

// Bisection: split a segment where Q is largest, keep the split when the
// tests between its sides are significant, and go on in both sides.  When the
// best split fails, a bump (a change later taken back) may still be there:
// one side of any single split mixes both of its levels.  Then the best
// interval against its outside is tested, and both of its edges kept.
std::vector<std::size_t> bisect(Segment series, const ChangePointSettings& settings, std::set<std::size_t>& local) {
  std::vector<std::size_t> found;
  std::vector<std::pair<std::size_t, std::size_t>> pending{{0, series.size()}};
  while (!pending.empty()) {
    const auto [begin, end] = pending.back();
    pending.pop_back();
    if (end - begin < 2 * settings.min_segment) continue;
    const Segment segment = series.subspan(begin, end - begin);
    const std::size_t tau = best_split(segment, settings.min_segment);
    if (significant_split(segment.first(tau), segment.subspan(tau), settings)) {
      found.push_back(begin + tau);
      pending.emplace_back(begin, begin + tau);
      pending.emplace_back(begin + tau, end);
      continue;
    }
    if (settings.max_bump_p_value <= 0.0) continue;
    const std::optional<Bump> bump = best_bump(segment, settings.min_segment, settings.max_bump_width);
    if (!bump || !significant_bump(segment, *bump, settings)) {
      // Several levels back and forth: a split that holds in its neighbourhood.
      const std::optional<std::size_t> tau_local = best_local_split(segment, settings);
      if (!tau_local || !significant(local_test(segment, 0, *tau_local, segment.size(), settings.local_half_width),
                                     local_level(settings, series.size())))
        continue;
      found.push_back(begin + *tau_local);
      local.insert(begin + *tau_local);
      pending.emplace_back(begin, begin + *tau_local);
      pending.emplace_back(begin + *tau_local, end);
      continue;
    }
    found.push_back(begin + bump->begin);
    found.push_back(begin + bump->end);
    pending.emplace_back(begin, begin + bump->begin);
    pending.emplace_back(begin + bump->begin, begin + bump->end);
    pending.emplace_back(begin + bump->end, end);
  }
  std::sort(found.begin(), found.end());
  return found;
}

// Each point tested between its neighbours (the previous and next change, or
// the series' ends).
std::vector<SplitTest> test_against_neighbours(Segment series, const std::vector<std::size_t>& points) {
  std::vector<SplitTest> tests;
  tests.reserve(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    const std::size_t begin = i == 0 ? 0 : points[i - 1];
    const std::size_t end = i + 1 == points.size() ? series.size() : points[i + 1];
    tests.push_back(split_test(series.subspan(begin, points[i] - begin),
                               series.subspan(points[i], end - points[i])));
  }
  return tests;
}

// Otava's second pass: a split was tested inside the segment where it was
// found, which later splits may have cut short or which spanned another
// change.  Re-test every point between its final neighbours and drop the
// weakest non-significant one, one at a time (dropping one merges two
// segments and changes its neighbours' tests), until all pass.  The weakest
// is the one with the largest t-test p-value.
// A change the local search found is re-tested in its neighbourhood too:
// between its final neighbours, on at most local_half_width points a side,
// at the local search's level; it stands when either test passes.
void retest_locally(Segment series, const std::vector<std::size_t>& points, const std::set<std::size_t>& local,
                    std::vector<SplitTest>& tests, const ChangePointSettings& settings) {
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!local.count(points[i]) || significant(tests[i], settings)) continue;
    const std::size_t begin = i == 0 ? 0 : points[i - 1];
    const std::size_t end = i + 1 == points.size() ? series.size() : points[i + 1];
    const SplitTest near = local_test(series, begin, points[i], end, settings.local_half_width);
    // Its p-value is below the local level, itself below max_p_value: the
    // weakest-first order reads both kinds of test alike.
    if (significant(near, local_level(settings, series.size()))) tests[i] = near;
  }
}

std::vector<ChangePoint> retest(Segment series, std::vector<std::size_t> points, const std::set<std::size_t>& local,
                                const ChangePointSettings& settings) {
  std::vector<SplitTest> tests = test_against_neighbours(series, points);
  retest_locally(series, points, local, tests, settings);
  while (!tests.empty()) {
    auto weakest = tests.end();
    for (auto test = tests.begin(); test != tests.end(); ++test)
      if (!significant(*test, settings) && (weakest == tests.end() || test->p_value > weakest->p_value))
        weakest = test;
    if (weakest == tests.end()) break;
    points.erase(points.begin() + (weakest - tests.begin()));
    tests = test_against_neighbours(series, points);
    retest_locally(series, points, local, tests, settings);
  }
  std::vector<ChangePoint> result;
  result.reserve(points.size());
  for (std::size_t i = 0; i < points.size(); ++i)
    result.push_back({points[i], tests[i].p_value, tests[i].mean_before, tests[i].mean_after, false, points[i],
                      points[i], false});
  return result;
}

// Each change's shape, fitted between its neighbours: a drift gets the range
// of its ramp, a step keeps the detector's index.
void classify_shapes(Segment series, std::vector<ChangePoint>& points, const RampSettings& settings) {
  for (std::size_t i = 0; i < points.size(); ++i) {
    const std::size_t begin = i == 0 ? 0 : points[i - 1].index;
    const std::size_t end = i + 1 == points.size() ? series.size() : points[i + 1].index;
    const ShapeFit fit = fit_shape(series.subspan(begin, end - begin), settings);
    if (!fit.drift) continue;
    points[i].drift = true;
    points[i].trend = fit.evidence >= settings.min_evidence;
    points[i].first_moved = begin + fit.first_moved;
    points[i].first_at_level = begin + fit.first_at_level;
  }
}

// Residual sum of squares of levels constant between the cuts.
double segments_rss(Segment window, std::initializer_list<std::size_t> cuts) {
  double rss = 0.0;
  std::size_t begin = 0;
  std::vector<std::size_t> ends(cuts);
  ends.push_back(window.size());
  for (const std::size_t end : ends) {
    const Segment part = window.subspan(begin, end - begin);
    const double mean = mean_of(part);
    for (const double value : part) rss += (value - mean) * (value - mean);
    begin = end;
  }
  return rss;
}

// Two neighbouring changes in one direction that a single ramp fits about as
// well as the two steps (n log(RSS_ramp / RSS_two_steps) <= max_merge_cost,
// the ramp one parameter fewer) are one drift: bisection cuts a long ramp
// into steps, and none of those commits is to blame alone.  A staircase of
// two real steps fits a ramp badly and stays two steps.
bool merge_into_drift(Segment series, std::vector<ChangePoint>& points, std::size_t i, const RampSettings& settings) {
  ChangePoint& first = points[i];
  const ChangePoint& second = points[i + 1];
  if ((first.mean_after > first.mean_before) != (second.mean_after > second.mean_before)) return false;
  const std::size_t begin = i == 0 ? 0 : points[i - 1].index;
  const std::size_t end = i + 2 == points.size() ? series.size() : points[i + 2].index;
  const Segment window = series.subspan(begin, end - begin);
  const ShapeFit fit = fit_shape(window, settings);
  const double two_steps = segments_rss(window, {first.index - begin, second.index - begin});
  const double cost = static_cast<double>(window.size()) * std::log(fit.ramp_rss / std::max(two_steps, 1e-300));
  if (!fit.drift || cost > settings.max_merge_cost) return false;
  if (begin + fit.first_moved > first.index + 1 || begin + fit.first_at_level + 1 < second.index) return false;
  first.drift = true;
  first.trend = fit.evidence >= settings.min_evidence;
  first.p_value = std::min(first.p_value, second.p_value);
  first.first_moved = begin + fit.first_moved;
  first.first_at_level = begin + fit.first_at_level;
  first.mean_before = mean_of(window.first(fit.first_moved));
  first.mean_after = mean_of(window.subspan(fit.first_at_level));
  points.erase(points.begin() + static_cast<std::ptrdiff_t>(i + 1));
  return true;
}

void merge_drifts(Segment series, std::vector<ChangePoint>& points, const RampSettings& settings) {
  for (std::size_t i = 0; i + 1 < points.size();)
    if (!merge_into_drift(series, points, i, settings)) ++i;
}

}  // namespace

std::vector<ChangePoint> find_change_points(std::span<const double> series, const ChangePointSettings& settings) {
  check_input(series, settings);
  if (series.size() < 2 * settings.min_segment) return {};
  std::set<std::size_t> local;
  std::vector<std::size_t> found = bisect(series, settings, local);
  std::vector<ChangePoint> points = retest(series, std::move(found), local, settings);
  classify_shapes(series, points, settings.shape);
  merge_drifts(series, points, settings.shape);
  return points;
}

}  // namespace perfgate::stats
