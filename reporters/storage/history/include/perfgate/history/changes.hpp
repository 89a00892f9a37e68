#pragma once
// Triage: where each benchmark's series stepped, and at which commit
// (`perfgate history changes`).  E-divisive means with a t-test on the log
// medians (perfgate/stats/change_point.hpp); the numbers around each change
// are the medians of the run medians of the two segments it separates.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "perfgate/history/series.hpp"
#include "perfgate/sql/sql_connection.hpp"
#include "perfgate/stats/change_point.hpp"

namespace perfgate::history {

// How the level moved: at once (a step) or gradually over a range of
// commits (a drift: the data show a trend, and no single commit is to blame
// for it).  A step is placed at one commit, or, where the data cannot place
// it (Change::placed false), somewhere in a range of commits.
enum class ChangeShape { step, drift };

// What moved the level: the code (a commit is to blame), or the machine:
// the level moved between reruns of one commit, so no commit can be.
enum class ChangeCause { code, environment };

struct Change {
  std::string suite;
  std::string benchmark;
  std::string testbed;
  ChangeShape shape = ChangeShape::step;
  // environment where every run from the last one at the old level to the
  // first at the new level measured one commit (reruns of it): the commit
  // fields then name the commit the machine moved under, not a culprit.
  ChangeCause cause = ChangeCause::code;
  // Why an environment change is one where it is not reruns of one commit:
  // "the runner changed: a -> b" (runner_change.hpp); empty otherwise.
  std::string cause_detail;
  std::string before_created_utc;       // the last run at the old level: with created_utc, when it moved
  std::string before_commit;            // that run's commit: the last known good of a bisect (perfgate bisect)
  std::string commit;                   // the first run at the new level (a drift: its first run)
  std::optional<std::int64_t> ordinal;
  std::string created_utc;
  std::string end_commit;               // a drift: its last run; a step: the same as commit
  std::optional<std::int64_t> end_ordinal;
  std::string end_created_utc;
  double before_s = 0.0;                // median of the segment's run medians
  double after_s = 0.0;
  double change_pct = 0.0;              // (after / before - 1) x 100: > 0 slower (a drift: its total)
  double p_value = 1.0;
  // A step the data place at one commit; false: it lies somewhere between
  // commit and end_commit (a drift is never placed).
  bool placed = true;
  // A range's width (a drift's, or an unplaced step's): its runs and the
  // distinct commits among them; 1 and 1 for a placed step.
  std::size_t runs_spanned = 1;
  std::size_t commits_spanned = 1;
  // A step that a later step of this series takes back (a regression later
  // fixed, an improvement later lost): the index in series order of the
  // change that undoes it, within series_changes()'s answer; none otherwise.
  std::optional<std::size_t> undone_by;
  // Kept from an earlier examination of its series: it lies before the
  // recent runs the triage examined again (triage_cache.hpp), so a --full
  // examination may place it at another commit, give it other levels or
  // drop it.  False where the series was examined whole (or the change is
  // among its recent runs).
  bool settled = false;
};

// "step" or "drift"; "code" or "environment".
const char* to_string(ChangeShape shape);
const char* to_string(ChangeCause cause);

// The changes in `points` (one series), in series order.
std::vector<Change> series_changes(const SeriesKey& key, const std::vector<SeriesPoint>& points,
                                   const stats::ChangePointSettings& settings);

// The same for a series given as its medians and each point's run (the
// commit, ordinal and date of point i: run_of(i)), each change with the
// indices of its first moved point and its first point at the new level:
// what the triage reads, without a SeriesPoint a point.
struct IndexedChange {
  Change change;
  std::size_t first = 0;
  std::size_t last = 0;
};
using RunOfPoint = std::function<const SeriesPoint&(std::size_t point)>;
std::vector<IndexedChange> indexed_changes(const SeriesKey& key, std::span<const double> medians, const RunOfPoint& run_of,
                                           const stats::ChangePointSettings& settings);

// The triage's order: regressions before improvements, each largest
// first (a strict weak order for std::stable_sort).
bool regression_first(const Change& a, const Change& b);

// How much of the history the triage could judge: a series of fewer than
// 2 x min_segment runs can hold no change yet.
struct TriageCoverage {
  std::size_t series = 0;
  std::size_t too_short = 0;  // series with fewer runs than a change needs
  std::size_t runs_needed = 0;
};

// Every series that passes `filter`, regressions first (largest first),
// then improvements (largest first); `coverage`, when given, says how many
// series were too short to judge.
std::vector<Change> find_changes(sql::Connection& db, const SeriesFilter& filter,
                                 const stats::ChangePointSettings& settings, TriageCoverage* coverage = nullptr);

// The same, with the stored answers as `options` says (triage_cache.hpp:
// the default reads them and stores nothing); `work`, when given, says how
// many series were read as stored, extended or recomputed.
struct TriageOptions;
struct TriageWork;
std::vector<Change> find_changes(sql::Connection& db, const SeriesFilter& filter,
                                 const stats::ChangePointSettings& settings, const TriageOptions& options,
                                 TriageCoverage* coverage = nullptr, TriageWork* work = nullptr);

}  // namespace perfgate::history
