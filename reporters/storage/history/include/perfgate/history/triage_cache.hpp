#pragma once
// The triage's answers kept per series (schema version 2, table
// triage_answers), so that `perfgate history changes` recomputes only the
// series with new runs, and of those only the recent tail.
//
// An answer records what it was computed from: the detector settings
// (settings_text), the series' point count and last run, and the series
// table's `reordered` count.  A series whose answer matches all of these is
// read as it is.  One whose settings or `reordered` differ, or that has no
// answer, is recomputed from its first point (a full recompute).  One that
// only gained points at its end is *extended*: the detector runs again on
// its last `recheck_runs` points only (the window), and the answer is the
// stored changes before the window followed by the window's changes.
//
// Settled: a point is settled once `recheck_runs` newer points follow it;
// the changes among settled points are not examined again.  An extended
// answer differs from a full recompute only where the detector, seeing the
// whole series, would decide otherwise about points it no longer re-examines:
//  (a) the changes before the window keep the commit, shape, levels,
//      p-value and undoing change of their last examination (a full
//      recompute could move, add or drop one there, given the new runs);
//  (b) the last change before the window keeps its after-level and p-value
//      (a full recompute measures its after-segment up to the newest run);
//  (c) a change in the window with no change of the window before it is
//      measured against the window's points: its before-level and p-value
//      are those of the window's first points up to it, not of the whole
//      segment since the previous change;
//  (d) a stored change is never linked (undone_by) to a change the window
//      finds, and the window's own links are judged against the noise of
//      the window's points (series_changes pairs a bump's edges by the
//      run-to-run spread of the series it is given).
// A stored change within guard_points of the window's start (where the
// window would cut it or its segment off) makes a full recompute instead.
// `full` recomputes every series (`perfgate history changes --full`).

#include <cstddef>
#include <string>
#include <vector>

#include "perfgate/history/changes.hpp"
#include "perfgate/history/series.hpp"
#include "perfgate/sql/sql_connection.hpp"
#include "perfgate/stats/change_point.hpp"

namespace perfgate::history {

struct TriageOptions {
  bool use_stored = true;        // read stored answers (false: compute every series, as before version 2)
  bool store = false;            // write what was recomputed (the connection must be writable)
  bool full = false;             // recompute every series from its first point
  std::size_t recheck_runs = 0;  // the window; 0: default_recheck_runs(settings)
  std::size_t threads = 0;       // detector threads; 0: one a core (the reads stay on the caller's thread)
};

// Twice the widest pattern the detector looks for (a bump, a ramp) plus
// room for the segments on either side of it: a bump fixed within the
// window is seen whole, both edges.
std::size_t default_recheck_runs(const stats::ChangePointSettings& settings);

// Every setting the detector reads, as text: an answer found with other
// settings is recomputed.
std::string settings_text(const stats::ChangePointSettings& settings);

// One series' answer.
struct SeriesAnswer {
  SeriesKey key;
  std::size_t points = 0;
  std::vector<Change> changes;  // in series order, as series_changes() gives them
};

// How the answers were come by.
struct TriageWork {
  std::size_t stored = 0;      // read as stored
  std::size_t extended = 0;    // the window recomputed
  std::size_t recomputed = 0;  // the whole series recomputed
  std::string not_stored;      // why what was computed could not be stored; empty when it was (or nothing was due)
};

// Every series that passes `filter` (list_series), each with its answer, in
// list_series' order.  A filter with `since` (a part of each series) is
// computed, never stored.
std::vector<SeriesAnswer> triage_series(sql::Connection& db, const SeriesFilter& filter,
                                        const stats::ChangePointSettings& settings, const TriageOptions& options,
                                        TriageWork* work = nullptr);

}  // namespace perfgate::history
