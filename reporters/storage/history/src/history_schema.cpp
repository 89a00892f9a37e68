#include "perfgate/history/history_schema.hpp"

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "perfgate/history/sample_text.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/sql/batch_insert.hpp"

namespace perfgate::history {
namespace {

// Version 1 (a new store is created at version 1 and migrated forward, so
// that one path sets up every store).  A testbed is a device plus what changes its timings; a run is
// one results file of one suite; a measurement is one benchmark's summary
// in a run (kept forever); samples are its raw repetitions (thinned by
// prune; one row a measurement since version 3); verdicts are what a gate said (comparison files).  Columns are
// the types both engines share.  Ordinals and times order a series: runs
// without an ordinal sort by time.
constexpr const char* kSchemaV1 = R"sql(
CREATE TABLE perfgate_history (
  schema_version BIGINT NOT NULL
);
CREATE TABLE testbeds (
  testbed TEXT PRIMARY KEY,
  device_slug TEXT NOT NULL,
  device_kind TEXT NOT NULL,
  device_name TEXT NOT NULL,
  driver TEXT NOT NULL,
  cuda_runtime TEXT NOT NULL,
  gpu_count BIGINT NOT NULL,
  topology TEXT NOT NULL,
  host_cpu TEXT NOT NULL
);
CREATE TABLE runs (
  run_id TEXT PRIMARY KEY,
  suite TEXT NOT NULL,
  testbed TEXT NOT NULL REFERENCES testbeds (testbed),
  commit_sha TEXT NOT NULL,
  ordinal BIGINT,
  run_time BIGINT NOT NULL,
  created_utc TEXT NOT NULL,
  kind TEXT NOT NULL,
  source TEXT NOT NULL,
  ingested_utc TEXT NOT NULL,
  samples_pruned BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX runs_series ON runs (suite, testbed, kind, ordinal, run_time);
CREATE TABLE measurements (
  run_id TEXT NOT NULL REFERENCES runs (run_id) ON DELETE CASCADE,
  benchmark TEXT NOT NULL,
  median_s DOUBLE PRECISION NOT NULL,
  low_s DOUBLE PRECISION,
  high_s DOUBLE PRECISION,
  sample_count BIGINT NOT NULL,
  robust_cv DOUBLE PRECISION,
  PRIMARY KEY (run_id, benchmark)
);
CREATE INDEX measurements_benchmark ON measurements (benchmark);
CREATE TABLE samples (
  run_id TEXT NOT NULL,
  benchmark TEXT NOT NULL,
  position BIGINT NOT NULL,
  seconds DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (run_id, benchmark, position),
  FOREIGN KEY (run_id, benchmark) REFERENCES measurements (run_id, benchmark) ON DELETE CASCADE
);
CREATE TABLE verdicts (
  comparison_id TEXT NOT NULL,
  suite TEXT NOT NULL,
  testbed TEXT NOT NULL,
  commit_sha TEXT NOT NULL,
  baseline_commit TEXT NOT NULL,
  created_utc TEXT NOT NULL,
  kind TEXT NOT NULL,
  benchmark TEXT NOT NULL,
  verdict TEXT NOT NULL,
  change_pct DOUBLE PRECISION,
  q_value DOUBLE PRECISION,
  PRIMARY KEY (comparison_id, benchmark)
);
)sql";

// Version 2 (issue 27): what the history's readers would otherwise scan
// every measurement for.  `series`: one row per (suite, testbed, kind,
// benchmark), kept by ingest (series_table.hpp), so listing the series reads
// one small table; `reordered` counts the points that landed before the
// series' last one (a late ordinal), which a cached triage answer must not
// extend.  `triage_answers`: each series' changes as the triage last found
// them and what they were found from (triage_cache.hpp).  The covering index
// reads a series' points in one range of one index, without a visit to each
// measurement's row; it serves every query the benchmark index served.
// `testbeds.fingerprint`: the device's whole fingerprint (results JSON), so
// a baseline written from the history describes the device as one measured
// there would (compute capability, SM count: what the gate compares); NULL
// for a testbed stored before, until its next run is ingested.
constexpr const char* kMigrationTo2 = R"sql(
CREATE TABLE series (
  suite TEXT NOT NULL,
  testbed TEXT NOT NULL,
  kind TEXT NOT NULL,
  benchmark TEXT NOT NULL,
  points BIGINT NOT NULL,
  first_run_time BIGINT NOT NULL,
  last_run_time BIGINT NOT NULL,
  reordered BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (suite, testbed, kind, benchmark)
);
INSERT INTO series (suite, testbed, kind, benchmark, points, first_run_time, last_run_time, reordered)
  SELECT r.suite, r.testbed, r.kind, m.benchmark, COUNT(*), MIN(r.run_time), MAX(r.run_time), 0
  FROM measurements m JOIN runs r ON r.run_id = m.run_id
  GROUP BY r.suite, r.testbed, r.kind, m.benchmark;
CREATE TABLE triage_answers (
  suite TEXT NOT NULL,
  testbed TEXT NOT NULL,
  kind TEXT NOT NULL,
  benchmark TEXT NOT NULL,
  settings TEXT NOT NULL,
  points BIGINT NOT NULL,
  last_run_id TEXT NOT NULL,
  reordered BIGINT NOT NULL,
  changes TEXT NOT NULL,
  PRIMARY KEY (suite, testbed, kind, benchmark)
);
ALTER TABLE testbeds ADD COLUMN fingerprint TEXT;
CREATE INDEX measurements_series_points ON measurements (benchmark, run_id, median_s, low_s, high_s, sample_count);
DROP INDEX measurements_benchmark;
)sql";

// Version 3 (issue 28): a measurement's samples in one row of
// `sample_sets` (sample_text.hpp: the shortest exact decimals, in order)
// instead of one row of `samples` each: an ingest wrote two B-tree entries a
// sample, most of its time. The stored samples are carried over exactly,
// read in their order, and the old table dropped.
constexpr const char* kSampleSets = R"sql(
CREATE TABLE sample_sets (
  run_id TEXT NOT NULL,
  benchmark TEXT NOT NULL,
  sample_count BIGINT NOT NULL,
  seconds TEXT NOT NULL,
  PRIMARY KEY (run_id, benchmark),
  FOREIGN KEY (run_id, benchmark) REFERENCES measurements (run_id, benchmark) ON DELETE CASCADE
);
)sql";

void migrate_to_3(sql::Connection& db) {
  db.execute_script(kSampleSets);
  // Rows come a set at a time (ordered by run and benchmark): each set is
  // written once its last sample is read, so no more than one is held.
  sql::BatchInsert rows(db, "sample_sets (run_id, benchmark, sample_count, seconds)", 4);
  std::string run, benchmark;
  std::vector<double> set;
  const auto write_set = [&] {
    if (!set.empty()) rows.add({run, benchmark, static_cast<std::int64_t>(set.size()), samples_to_text(set)});
    set.clear();
  };
  db.for_each_row("SELECT run_id, benchmark, seconds FROM samples ORDER BY run_id, benchmark, position", {},
                  [&](const sql::RowView& row) {
                    if (row.text(0) != run || row.text(1) != benchmark) {
                      write_set();
                      run = row.text(0);
                      benchmark = row.text(1);
                    }
                    set.push_back(row.real(2));
                  });
  write_set();
  rows.flush();
  db.execute_script("DROP TABLE samples;");
}

// Version 4 (issue 41): each run's own device fingerprint (results JSON).
// A testbed's row keeps the device of its first run, and `history ingest
// --testbed NAME --force` may store another device's run under it; the
// history as a reference (reference_runs.hpp) leaves such a run out of the
// pool, as `baseline promote` refuses it.  NULL for a run stored before.
constexpr const char* kMigrationTo4 = "ALTER TABLE runs ADD COLUMN fingerprint TEXT;";

// Version 5 (issue 44): a measurement's counted work (--perfgate_instructions):
// the instructions a timed iteration and their spread over the counted
// repetitions, so a reference pooled from the history carries counts for
// the count gate.  NULL where the run was not counted.
constexpr const char* kMigrationTo5 = R"sql(
ALTER TABLE measurements ADD COLUMN instructions DOUBLE PRECISION;
ALTER TABLE measurements ADD COLUMN instructions_spread_pct DOUBLE PRECISION;
)sql";

// Version 6 (issue 44): a GPU case's counted work (its kernels' instructions
// a timed iteration through CUPTI, and their spread), beside the host's, so
// a reference pooled from the history count-gates GPU cases too.
constexpr const char* kMigrationTo6 = R"sql(
ALTER TABLE measurements ADD COLUMN kernel_instructions DOUBLE PRECISION;
ALTER TABLE measurements ADD COLUMN kernel_instructions_spread_pct DOUBLE PRECISION;
)sql";

// Version 7 (issue 45): what `perfgate bisect` found (bisection_record.hpp),
// so the change it narrowed names its commit.
constexpr const char* kMigrationTo7 = R"sql(
CREATE TABLE bisections (
  suite TEXT NOT NULL,
  benchmark TEXT NOT NULL,
  testbed TEXT NOT NULL,
  good_commit TEXT NOT NULL,
  bad_commit TEXT NOT NULL,
  outcome TEXT NOT NULL,
  first_commit TEXT NOT NULL,
  last_good_commit TEXT NOT NULL,
  change_pct DOUBLE PRECISION NOT NULL,
  builds BIGINT NOT NULL,
  commits BIGINT NOT NULL,
  seconds DOUBLE PRECISION NOT NULL,
  created_utc TEXT NOT NULL
);
CREATE INDEX bisections_benchmark ON bisections (suite, benchmark);
)sql";

// Migrations from version i to i + 1, in order: a store of version v runs
// steps v - 1 onwards.
using Migration = std::function<void(sql::Connection&)>;
const std::vector<Migration>& migrations() {
  static const std::vector<Migration> steps{[](sql::Connection& db) { db.execute_script(kMigrationTo2); }, migrate_to_3,
                                            [](sql::Connection& db) { db.execute_script(kMigrationTo4); },
                                            [](sql::Connection& db) { db.execute_script(kMigrationTo5); },
                                            [](sql::Connection& db) { db.execute_script(kMigrationTo6); },
                                            [](sql::Connection& db) { db.execute_script(kMigrationTo7); }};
  return steps;
}

bool has_table(sql::Connection& db, const std::string& table) {
  const std::string statement = std::string(db.engine()) == "sqlite"
                                    ? "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"
                                    : "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() "
                                      "AND table_name = ?";
  return !db.query(statement, {table}).empty();
}

}  // namespace

int stored_schema_version(sql::Connection& db) {
  // The other tables first: another process may commit the schema between
  // two of these queries (PostgreSQL reads the catalog afresh each time),
  // and a commit makes every table visible at once, so what is seen first
  // is also there for the later look; in the other order a schema committed
  // in between reads as foreign tables without perfgate_history.
  const bool has_run_tables = has_table(db, "runs") || has_table(db, "testbeds");
  if (!has_table(db, "perfgate_history")) {
    if (has_run_tables)
      throw InputError(db.describe() + ": not a perfgate history (it has a 'runs' table but no perfgate_history)");
    return 0;
  }
  const auto rows = db.query("SELECT schema_version FROM perfgate_history");
  if (rows.size() != 1 || !std::holds_alternative<std::int64_t>(rows[0][0]))
    throw InputError(db.describe() + ": perfgate_history must hold one schema version");
  const auto version = std::get<std::int64_t>(rows[0][0]);
  // Every reader comes through here: a schema from the future is read by
  // no command, since its tables may mean something else.
  if (version > kHistorySchemaVersion)
    throw InputError(db.describe() + ": history schema version " + std::to_string(version) +
                     " is newer than this perfgate reads (" + std::to_string(kHistorySchemaVersion) +
                     "): upgrade perfgate");
  return static_cast<int>(version);
}

void ensure_schema(sql::Connection& db) {
  sql::Transaction transaction(db);
  // Two first ingests into one new PostgreSQL database would both create
  // the tables; the second waits here and then finds them (SQLite's write
  // transaction already serializes).
  if (std::string(db.engine()) == "postgresql") db.query("SELECT pg_advisory_xact_lock(7283551)");
  const int version = stored_schema_version(db);  // refuses a newer schema
  if (version == kHistorySchemaVersion) return;  // the transaction rolls back: nothing written
  if (version == 0) {
    db.execute_script(kSchemaV1);
    db.query("INSERT INTO perfgate_history (schema_version) VALUES (?)", {std::int64_t{1}});
  }
  for (int v = std::max(version, 1); v < kHistorySchemaVersion; ++v) migrations().at(v - 1)(db);
  db.query("UPDATE perfgate_history SET schema_version = ?", {std::int64_t{kHistorySchemaVersion}});
  transaction.commit();
}

}  // namespace perfgate::history
