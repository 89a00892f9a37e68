#include "perfgate/history/series.hpp"

#include "perfgate/history/history_schema.hpp"
#include "perfgate/history/name_pattern.hpp"
#include "perfgate/history/run_record.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate::history {
namespace {

using sql::Value;


// The WHERE clause both queries share, and its parameters.
std::string run_conditions(const SeriesFilter& filter, std::vector<Value>& params) {
  std::string where = " WHERE r.kind = ?";
  params.push_back(filter.kind);
  if (!filter.testbed.empty()) {
    where += " AND r.testbed = ?";
    params.push_back(filter.testbed);
  }
  if (filter.since) {
    where += " AND r.run_time >= ?";
    params.push_back(*filter.since);
  }
  return where;
}

// A store of schema version 1 opened by a reader (which may not migrate
// it) has no series table: its series are the distinct keys of its
// measurements.
std::string series_scan(const SeriesFilter& filter, std::vector<Value>& params) {
  return "SELECT DISTINCT r.suite, r.testbed, m.benchmark FROM measurements m JOIN runs r ON r.run_id = m.run_id" +
         run_conditions(filter, params) + " ORDER BY r.suite, r.testbed, m.benchmark";
}

// The series table: a series has a point since `since` when its last one is.
std::string series_rows(const SeriesFilter& filter, std::vector<Value>& params) {
  std::string statement = "SELECT suite, testbed, benchmark FROM series WHERE kind = ?";
  params.push_back(filter.kind);
  if (!filter.testbed.empty()) {
    statement += " AND testbed = ?";
    params.push_back(filter.testbed);
  }
  if (filter.since) {
    statement += " AND last_run_time >= ?";
    params.push_back(*filter.since);
  }
  return statement + " ORDER BY suite, testbed, benchmark";
}

}  // namespace

std::vector<SeriesKey> list_series(sql::Connection& db, const SeriesFilter& filter) {
  const NamePattern pattern(filter.benchmark_regex);
  const int version = stored_schema_version(db);
  if (version == 0) return {};
  std::vector<Value> params;
  const std::string statement = version >= 2 ? series_rows(filter, params) : series_scan(filter, params);
  std::vector<SeriesKey> keys;
  for (const sql::Row& row : db.query(statement, params)) {
    SeriesKey key{sql::as_text(row[0]), sql::as_text(row[1]), sql::as_text(row[2])};
    if (pattern.found_in(key.benchmark)) keys.push_back(std::move(key));
  }
  return keys;
}

std::vector<SeriesPoint> load_series(sql::Connection& db, const SeriesKey& key, const SeriesFilter& filter) {
  return std::move(load_series_batch(db, {key}, filter).at(0));
}

std::vector<std::vector<SeriesPoint>> load_series_batch(sql::Connection& db, const std::vector<SeriesKey>& keys,
                                                        const SeriesFilter& filter) {
  if (keys.empty()) return {};
  std::vector<std::string> benchmarks;
  for (const SeriesKey& key : keys) benchmarks.push_back(key.benchmark);
  return SeriesReader(db, keys[0].suite, keys[0].testbed, filter).read(benchmarks);
}

RunSpan run_span(sql::Connection& db, const SeriesFilter& filter) {
  if (stored_schema_version(db) == 0) return {};
  std::vector<Value> params;
  const std::string where = run_conditions(filter, params);
  const auto rows = db.query("SELECT COUNT(*), MIN(r.created_utc), MAX(r.created_utc) FROM runs r" + where, params);
  return {sql::as_integer(rows.at(0)[0]), sql::as_text(rows.at(0)[1]), sql::as_text(rows.at(0)[2])};
}

std::int64_t parse_since(const std::string& text, const std::string& where) {
  const std::string full = text.size() == 10 ? text + "T00:00:00Z" : text;
  if (const auto seconds = epoch_seconds(full)) return *seconds;
  throw InputError(where + " " + quote_text(text) + ": expected a date, YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ");
}

}  // namespace perfgate::history
