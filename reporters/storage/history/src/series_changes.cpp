#include "perfgate/history/changes.hpp"

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
    c.end_commit = at.commit;
    c.end_ordinal = at.ordinal;
    c.end_created_utc = at.created_utc;
    c.before_s = segment_median(points, begin, found[i].index);
    c.after_s = segment_median(points, found[i].index, end);
    c.change_pct = (c.after_s / c.before_s - 1.0) * 100.0;
    c.p_value = found[i].p_value;
    changes.push_back(std::move(c));
  }
  return changes;
}

}  // namespace perfgate::history
