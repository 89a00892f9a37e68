#include "perfgate/history/series_table.hpp"

#include <cstdint>
#include <vector>

namespace perfgate::history {
namespace {

using sql::Value;

// Whether another run of the same suite, testbed and kind sorts after this
// one in commit order ((ordinal IS NULL), ordinal, run_time, run_id).
bool has_later_run(sql::Connection& db, const sql::Row& run, const std::string& run_id) {
  const bool has_ordinal = std::holds_alternative<std::int64_t>(run[3]);
  std::string later = has_ordinal ? "(ordinal IS NULL OR ordinal > ? OR (ordinal = ? AND (run_time > ? OR "
                                    "(run_time = ? AND run_id > ?))))"
                                  : "(ordinal IS NULL AND (run_time > ? OR (run_time = ? AND run_id > ?)))";
  std::vector<Value> params{run[0], run[1], run[2], run_id};
  if (has_ordinal) params.insert(params.end(), {run[3], run[3]});
  params.insert(params.end(), {run[4], run[4], run_id});
  return !db.query("SELECT 1 FROM runs WHERE suite = ? AND testbed = ? AND kind = ? AND run_id <> ? AND " + later +
                       " LIMIT 1",
                   params)
              .empty();
}

// Whether another run sorts strictly after this one: a later ordinal (or
// none: the runs without one come last), or the same ordinal and a later date.
bool arrived_late(sql::Connection& db, const sql::Row& run, const std::string& run_id) {
  const bool has_ordinal = std::holds_alternative<std::int64_t>(run[3]);
  std::string later = has_ordinal ? "(ordinal IS NULL OR ordinal > ? OR (ordinal = ? AND run_time > ?))"
                                  : "(ordinal IS NULL AND run_time > ?)";
  std::vector<Value> params{run[0], run[1], run[2], run_id};
  if (has_ordinal) params.insert(params.end(), {run[3], run[3]});
  params.push_back(run[4]);
  return !db.query("SELECT 1 FROM runs WHERE suite = ? AND testbed = ? AND kind = ? AND run_id <> ? AND " + later +
                       " LIMIT 1",
                   params)
              .empty();
}

bool repeats_commit(sql::Connection& db, const sql::Row& run, const std::string& run_id) {
  if (!std::holds_alternative<std::string>(run[5]) || std::get<std::string>(run[5]).empty()) return false;
  return !db.query("SELECT 1 FROM runs WHERE suite = ? AND testbed = ? AND kind = ? AND run_id <> ? AND commit_sha = ? "
                   "LIMIT 1",
                   {run[0], run[1], run[2], run_id, run[5]})
              .empty();
}

}  // namespace

SeriesPlacement add_run_to_series(sql::Connection& db, const std::string& run_id) {
  const auto runs =
      db.query("SELECT suite, testbed, kind, ordinal, run_time, commit_sha FROM runs WHERE run_id = ?", {run_id});
  if (runs.empty()) return {};
  const sql::Row& run = runs[0];
  const std::int64_t reordered = has_later_run(db, run, run_id) ? 1 : 0;
  const SeriesPlacement placement{reordered == 1 && arrived_late(db, run, run_id), repeats_commit(db, run, run_id)};
  // SQLite needs the SELECT's WHERE before ON CONFLICT (its parser's rule);
  // CASE, not MIN/MAX or LEAST/GREATEST, which the engines spell apart.
  db.query("INSERT INTO series (suite, testbed, kind, benchmark, points, first_run_time, last_run_time, reordered) "
           "SELECT ?, ?, ?, benchmark, 1, ?, ?, ? FROM measurements WHERE run_id = ? "
           "ON CONFLICT (suite, testbed, kind, benchmark) DO UPDATE SET points = series.points + 1, "
           "first_run_time = CASE WHEN excluded.first_run_time < series.first_run_time THEN excluded.first_run_time "
           "ELSE series.first_run_time END, "
           "last_run_time = CASE WHEN excluded.last_run_time > series.last_run_time THEN excluded.last_run_time "
           "ELSE series.last_run_time END, "
           "reordered = series.reordered + excluded.reordered",
           {run[0], run[1], run[2], run[4], run[4], reordered, run_id});
  return placement;
}

void rebuild_series_table(sql::Connection& db) {
  db.query("DELETE FROM series");
  db.query("INSERT INTO series (suite, testbed, kind, benchmark, points, first_run_time, last_run_time, reordered) "
           "SELECT r.suite, r.testbed, r.kind, m.benchmark, COUNT(*), MIN(r.run_time), MAX(r.run_time), 0 "
           "FROM measurements m JOIN runs r ON r.run_id = m.run_id GROUP BY r.suite, r.testbed, r.kind, m.benchmark");
}

}  // namespace perfgate::history
