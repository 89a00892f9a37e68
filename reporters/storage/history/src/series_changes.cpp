#include "perfgate/history/changes.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "perfgate/stats/summary.hpp"

namespace perfgate::history {
namespace {

double segment_median(std::span<const double> medians, std::size_t begin, std::size_t end) {
  return stats::median(std::vector<double>(medians.begin() + static_cast<std::ptrdiff_t>(begin),
                                           medians.begin() + static_cast<std::ptrdiff_t>(end)));
}

// The runs at the old and the new level around change i: from the end of the
// previous change (a drift's last run) to this one's first run, and from this
// one's last run to the next one's first.  Where a drift's range reaches into
// a neighbour's, the detector's own segments.
struct Levels {
  std::size_t before_begin, before_end, after_begin, after_end;
};

Levels levels_around(const std::vector<stats::ChangePoint>& found, std::size_t i, std::size_t size) {
  const stats::ChangePoint& c = found[i];
  Levels l{i == 0 ? 0 : found[i - 1].first_at_level, c.first_moved, c.first_at_level,
           i + 1 < found.size() ? found[i + 1].first_moved : size};
  if (l.before_begin >= l.before_end) {
    l.before_begin = i == 0 ? 0 : found[i - 1].index;
    l.before_end = c.index;
  }
  if (l.after_begin >= l.after_end) {
    l.after_begin = c.index;
    l.after_end = i + 1 < found.size() ? found[i + 1].index : size;
  }
  return l;
}

// The run-to-run standard deviation of the log medians around the levels the
// detector found (pooled over its segments).
double level_noise(const std::vector<double>& logs, const std::vector<stats::ChangePoint>& found) {
  double squares = 0.0;
  std::size_t segments = 0;
  for (std::size_t s = 0; s <= found.size(); ++s) {
    const std::size_t begin = s == 0 ? 0 : found[s - 1].index;
    const std::size_t end = s == found.size() ? logs.size() : found[s].index;
    if (end <= begin) continue;
    double mean = 0.0;
    for (std::size_t i = begin; i < end; ++i) mean += logs[i];
    mean /= static_cast<double>(end - begin);
    for (std::size_t i = begin; i < end; ++i) squares += (logs[i] - mean) * (logs[i] - mean);
    ++segments;
  }
  return logs.size() > segments ? std::sqrt(squares / static_cast<double>(logs.size() - segments)) : 0.0;
}

// A change is taken back by the first later change of the opposite direction
// after which the level is within 2 run-to-run standard deviations of the
// level before it (a regression fixed, an improvement lost): a bump's edges.
void pair_bump_edges(const std::vector<Change*>& changes, double noise) {
  for (std::size_t i = 0; i < changes.size(); ++i) {
    const double before = std::log(changes[i]->before_s);
    const bool up = changes[i]->after_s > changes[i]->before_s;
    for (std::size_t j = i + 1; j < changes.size(); ++j) {
      if ((changes[j]->after_s > changes[j]->before_s) == up) continue;
      if (std::abs(std::log(changes[j]->after_s) - before) <= 2.0 * noise) {
        changes[i]->undone_by = j;
        break;
      }
    }
  }
}

// The level moved while one commit was measured again and again: every run
// from the last at the old level (`first` - 1) to the first at the new one
// (`last`) has the same commit.  Reruns differ by the machine, not the code.
bool between_reruns(const RunOfPoint& run_of, std::size_t first, std::size_t last) {
  if (first == 0) return false;
  const std::string commit = run_of(first - 1).commit;
  if (commit.empty()) return false;
  for (std::size_t i = first; i <= last; ++i)
    if (run_of(i).commit != commit) return false;
  return true;
}

// The width of a change's range: its runs, and the distinct commits among them.
void span(Change& c, const RunOfPoint& run_of, std::size_t first, std::size_t last) {
  c.runs_spanned = last - first + 1;
  std::set<std::string> commits;
  for (std::size_t i = first; i <= last; ++i) commits.insert(run_of(i).commit);
  c.commits_spanned = commits.size();
}

void place(Change& c, const SeriesPoint& first, const SeriesPoint& last) {
  c.commit = first.commit;
  c.ordinal = first.ordinal;
  c.created_utc = first.created_utc;
  c.end_commit = last.commit;
  c.end_ordinal = last.ordinal;
  c.end_created_utc = last.created_utc;
}

}  // namespace

// The detector works on log medians: a step is a ratio, whatever the
// benchmark's scale, and timing noise is closer to symmetric there.  A
// drift's change is its total, between the levels before and after its range.
std::vector<IndexedChange> indexed_changes(const SeriesKey& key, std::span<const double> medians, const RunOfPoint& run_of,
                                           const stats::ChangePointSettings& settings) {
  std::vector<double> logs;
  logs.reserve(medians.size());
  for (const double median : medians) {
    if (!(median > 0.0)) return {};  // not a time: nothing to judge
    logs.push_back(std::log(median));
  }
  const std::vector<stats::ChangePoint> found = stats::find_change_points(logs, settings);
  std::vector<IndexedChange> changes;
  for (std::size_t i = 0; i < found.size(); ++i) {
    const Levels l = levels_around(found, i, medians.size());
    IndexedChange indexed{{}, found[i].first_moved, found[i].first_at_level};
    Change& c = indexed.change;
    c.suite = key.suite;
    c.benchmark = key.benchmark;
    c.testbed = key.testbed;
    // A drift only where a ramp fits: a change the data cannot place at one
    // commit but that shows no trend is a step somewhere in its range.
    c.shape = found[i].drift && found[i].trend ? ChangeShape::drift : ChangeShape::step;
    c.placed = !found[i].drift;
    place(c, run_of(indexed.first), run_of(indexed.last));
    span(c, run_of, indexed.first, indexed.last);
    if (indexed.first > 0) {
      c.before_created_utc = run_of(indexed.first - 1).created_utc;
      c.before_commit = run_of(indexed.first - 1).commit;
    }
    if (between_reruns(run_of, indexed.first, indexed.last)) c.cause = ChangeCause::environment;
    c.before_s = segment_median(medians, l.before_begin, l.before_end);
    c.after_s = segment_median(medians, l.after_begin, l.after_end);
    c.change_pct = (c.after_s / c.before_s - 1.0) * 100.0;
    c.p_value = found[i].p_value;
    changes.push_back(std::move(indexed));
  }
  std::vector<Change*> edges;
  for (IndexedChange& indexed : changes) edges.push_back(&indexed.change);
  pair_bump_edges(edges, level_noise(logs, found));
  return changes;
}

std::vector<Change> series_changes(const SeriesKey& key, const std::vector<SeriesPoint>& points,
                                   const stats::ChangePointSettings& settings) {
  std::vector<double> medians;
  medians.reserve(points.size());
  for (const SeriesPoint& p : points) medians.push_back(p.median_s);
  std::vector<Change> changes;
  for (IndexedChange& indexed : indexed_changes(key, medians, [&](std::size_t i) -> const SeriesPoint& { return points[i]; }, settings))
    changes.push_back(std::move(indexed.change));
  return changes;
}

}  // namespace perfgate::history
