#pragma once
// The series table (schema version 2): one row per (suite, testbed, kind,
// benchmark) with its number of points and the span of its run times, kept
// by ingest, so that listing the series reads one small table instead of
// every measurement, and the triage knows which series got new points
// without reading them.

#include <string>

#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::history {

// Adds the points of the stored run `run_id` (its measurements) to their
// series: one statement, in the caller's transaction.  A run that sorts
// before another run of its suite, testbed and kind (an ordinal ingested
// late) also counts as `reordered` for each of its series: the points after
// it moved, so an answer computed from that series' first N points is no
// longer its first N points' answer.  Returns what ingest tells its user.
struct SeriesPlacement {
  // Another run sorts strictly after it (a later ordinal; or the same
  // ordinal, or none, and a later date): it arrived late.  A rerun with the
  // same ordinal and date is not late (only the tie-break by run id orders
  // the two), though it still counts as reordered for the triage's answers.
  bool late = false;
  bool repeats_commit = false;  // the history has a run of its commit (suite, testbed and kind) already
};
SeriesPlacement add_run_to_series(sql::Connection& db, const std::string& run_id);

// The table recomputed from the measurements (a tool that writes runs
// without ingest, such as perfgate_history_fill): in the caller's transaction.
void rebuild_series_table(sql::Connection& db);

}  // namespace perfgate::history
