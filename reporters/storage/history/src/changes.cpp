#include "perfgate/history/changes.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "perfgate/history/triage_cache.hpp"

namespace perfgate::history {

const char* to_string(ChangeShape shape) { return shape == ChangeShape::drift ? "drift" : "step"; }
const char* to_string(ChangeCause cause) { return cause == ChangeCause::environment ? "environment" : "code"; }

bool regression_first(const Change& a, const Change& b) {
  const bool a_slower = a.change_pct > 0.0;
  const bool b_slower = b.change_pct > 0.0;
  if (a_slower != b_slower) return a_slower;
  return std::abs(a.change_pct) > std::abs(b.change_pct);
}

std::vector<Change> find_changes(sql::Connection& db, const SeriesFilter& filter,
                                 const stats::ChangePointSettings& settings, TriageCoverage* coverage) {
  return find_changes(db, filter, settings, TriageOptions{}, coverage);
}

std::vector<Change> find_changes(sql::Connection& db, const SeriesFilter& filter,
                                 const stats::ChangePointSettings& settings, const TriageOptions& options,
                                 TriageCoverage* coverage, TriageWork* work) {
  std::vector<Change> all;
  TriageCoverage seen;
  seen.runs_needed = 2 * settings.min_segment;
  for (SeriesAnswer& answer : triage_series(db, filter, settings, options, work)) {
    ++seen.series;
    seen.too_short += answer.points < seen.runs_needed ? 1 : 0;
    std::move(answer.changes.begin(), answer.changes.end(), std::back_inserter(all));
  }
  if (coverage) *coverage = seen;
  std::stable_sort(all.begin(), all.end(), regression_first);
  return all;
}

}  // namespace perfgate::history
