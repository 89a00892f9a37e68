#include "perfgate/history/changes.hpp"

#include <algorithm>
#include <cmath>

#include "perfgate/stats/summary.hpp"

namespace perfgate::history {
namespace {

double segment_median(const std::vector<SeriesPoint>& points, std::size_t begin, std::size_t end) {
  std::vector<double> medians;
  for (std::size_t i = begin; i < end; ++i) medians.push_back(points[i].median_s);
  return stats::median(medians);
}

}  // namespace

bool regression_first(const Change& a, const Change& b) {
  const bool a_slower = a.change_pct > 0.0;
  const bool b_slower = b.change_pct > 0.0;
  if (a_slower != b_slower) return a_slower;
  return std::abs(a.change_pct) > std::abs(b.change_pct);
}

// The detector works on log medians: a step is a ratio, whatever the
// benchmark's scale, and timing noise is closer to symmetric there.
std::vector<Change> series_changes(const SeriesKey& key, const std::vector<SeriesPoint>& points,
                                   const stats::ChangePointSettings& settings) {
  std::vector<double> logs;
  for (const SeriesPoint& p : points) {
    if (!(p.median_s > 0.0)) return {};  // not a time: nothing to judge
    logs.push_back(std::log(p.median_s));
  }
  const std::vector<stats::ChangePoint> found = stats::find_change_points(logs, settings);
  std::vector<Change> changes;
  for (std::size_t i = 0; i < found.size(); ++i) {
    const std::size_t begin = i == 0 ? 0 : found[i - 1].index;
    const std::size_t end = i + 1 < found.size() ? found[i + 1].index : points.size();
    const SeriesPoint& at = points[found[i].index];
    Change c;
    c.suite = key.suite;
    c.benchmark = key.benchmark;
    c.testbed = key.testbed;
    c.commit = at.commit;
    c.ordinal = at.ordinal;
    c.created_utc = at.created_utc;
    c.before_s = segment_median(points, begin, found[i].index);
    c.after_s = segment_median(points, found[i].index, end);
    c.change_pct = (c.after_s / c.before_s - 1.0) * 100.0;
    c.p_value = found[i].p_value;
    changes.push_back(std::move(c));
  }
  return changes;
}

std::vector<Change> find_changes(sql::Connection& db, const SeriesFilter& filter,
                                 const stats::ChangePointSettings& settings, TriageCoverage* coverage) {
  std::vector<Change> all;
  TriageCoverage seen;
  seen.runs_needed = 2 * settings.min_segment;
  for (const SeriesKey& key : list_series(db, filter)) {
    const std::vector<SeriesPoint> points = load_series(db, key, filter);
    ++seen.series;
    seen.too_short += points.size() < seen.runs_needed ? 1 : 0;
    std::vector<Change> changes = series_changes(key, points, settings);
    all.insert(all.end(), changes.begin(), changes.end());
  }
  if (coverage) *coverage = seen;
  std::stable_sort(all.begin(), all.end(), regression_first);
  return all;
}

}  // namespace perfgate::history
