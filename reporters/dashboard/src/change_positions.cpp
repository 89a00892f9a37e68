#include "perfgate/dashboard/change_positions.hpp"

#include <algorithm>

namespace perfgate::dashboard {
namespace {

// The first point at or after `from` that is the run (commit, ordinal,
// date) names; the last point when none is.
std::size_t find_run(const std::vector<history::SeriesPoint>& points, std::size_t from, const std::string& commit,
                     const std::optional<std::int64_t>& ordinal, const std::string& created_utc) {
  std::size_t i = from;
  while (i < points.size() &&
         !(points[i].commit == commit && points[i].ordinal == ordinal && points[i].created_utc == created_utc))
    ++i;
  return std::min(i, points.size() - 1);
}

}  // namespace

std::vector<ChangeSpan> change_positions(const std::vector<history::SeriesPoint>& points,
                                         const std::vector<history::Change>& changes) {
  std::vector<ChangeSpan> at;
  if (points.empty()) return at;
  std::size_t from = 0;
  for (const history::Change& c : changes) {
    ChangeSpan span;
    span.first = find_run(points, from, c.commit, c.ordinal, c.created_utc);
    span.last = span.first;
    // A drift, or a step the data cannot place: its range.
    if ((c.shape == history::ChangeShape::drift || !c.placed) && !c.end_commit.empty())
      span.last = find_run(points, span.first, c.end_commit, c.end_ordinal, c.end_created_utc);
    at.push_back(span);
    from = span.first;
  }
  return at;
}

}  // namespace perfgate::dashboard
