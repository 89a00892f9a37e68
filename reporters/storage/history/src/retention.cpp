#include "perfgate/history/retention.hpp"

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "perfgate/history/history_schema.hpp"

namespace perfgate::history {
namespace {

using sql::Value;


struct RunRow {
  std::string run_id;
  bool pruned = false;
};

// Each series' runs, newest first.
std::map<std::tuple<std::string, std::string, std::string>, std::vector<RunRow>> runs_by_series(sql::Connection& db) {
  std::map<std::tuple<std::string, std::string, std::string>, std::vector<RunRow>> series;
  for (const sql::Row& row : db.query("SELECT suite, testbed, kind, run_id, samples_pruned FROM runs "
                                      "ORDER BY (ordinal IS NULL) DESC, ordinal DESC, run_time DESC, run_id DESC"))
    series[{sql::as_text(row[0]), sql::as_text(row[1]), sql::as_text(row[2])}].push_back(
        {sql::as_text(row[3]), std::holds_alternative<std::int64_t>(row[4]) && std::get<std::int64_t>(row[4]) != 0});
  return series;
}

}  // namespace

PruneSummary prune_samples(sql::Connection& db, std::size_t keep_samples_runs) {
  PruneSummary summary;
  if (stored_schema_version(db) == 0) return summary;  // open_history(read_write) migrated any other
  sql::Transaction transaction(db);
  for (const auto& [key, runs] : runs_by_series(db)) {
    for (std::size_t i = 0; i < runs.size(); ++i) {
      if (i < keep_samples_runs) {
        summary.runs_kept_whole += runs[i].pruned ? 0 : 1;
        continue;
      }
      if (runs[i].pruned) continue;
      for (const sql::Row& row : db.query("DELETE FROM sample_sets WHERE run_id = ? RETURNING sample_count", {runs[i].run_id}))
        summary.samples_deleted += static_cast<std::size_t>(sql::as_integer(row[0]));
      db.query("UPDATE runs SET samples_pruned = 1 WHERE run_id = ?", {runs[i].run_id});
      ++summary.runs_thinned;
    }
  }
  transaction.commit();
  // SQLite keeps freed pages in the file; VACUUM gives them back, so the
  // file's size is bounded too (PostgreSQL's autovacuum reuses them).
  if (std::string(db.engine()) == "sqlite" && summary.runs_thinned > 0) db.execute_script("VACUUM");
  return summary;
}

}  // namespace perfgate::history
