#include "perfgate/history/changes.hpp"

#include <algorithm>
#include <cmath>

namespace perfgate::history {

const char* to_string(ChangeShape shape) { return shape == ChangeShape::drift ? "drift" : "step"; }

bool regression_first(const Change& a, const Change& b) {
  const bool a_slower = a.change_pct > 0.0;
  const bool b_slower = b.change_pct > 0.0;
  if (a_slower != b_slower) return a_slower;
  return std::abs(a.change_pct) > std::abs(b.change_pct);
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
