#include "perfgate/history/series.hpp"

#include <regex>
#include <unordered_map>

#include "perfgate/history/history_schema.hpp"
#include "perfgate/history/run_record.hpp"
#include "perfgate/model/errors.hpp"

namespace perfgate::history {
namespace {

using sql::Value;

std::string text(const Value& v) { return std::holds_alternative<std::string>(v) ? std::get<std::string>(v) : ""; }
std::int64_t integer(const Value& v) { return std::holds_alternative<std::int64_t>(v) ? std::get<std::int64_t>(v) : 0; }
std::optional<double> number(const Value& v) {
  if (std::holds_alternative<double>(v)) return std::get<double>(v);
  if (std::holds_alternative<std::int64_t>(v)) return static_cast<double>(std::get<std::int64_t>(v));
  return std::nullopt;
}

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

std::regex benchmark_pattern(const std::string& text) {
  try {
    return std::regex(text, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    throw InputError("--benchmark " + quote_text(text) + ": not a regular expression (" + e.what() + ")");
  }
}

// The columns point_of() reads, and the order of a series.
constexpr const char* kPointColumns =
    "SELECT r.run_id, r.commit_sha, r.ordinal, r.run_time, r.created_utc, m.median_s, m.low_s, m.high_s, "
    "m.sample_count, m.benchmark FROM measurements m JOIN runs r ON r.run_id = m.run_id";
constexpr const char* kCommitOrder = "(r.ordinal IS NULL), r.ordinal, r.run_time, r.run_id";

SeriesPoint point_of(sql::Row& row) {
  SeriesPoint p;
  p.run_id = text(row[0]);
  p.commit = text(row[1]);
  if (std::holds_alternative<std::int64_t>(row[2])) p.ordinal = std::get<std::int64_t>(row[2]);
  p.run_time = integer(row[3]);
  p.created_utc = text(row[4]);
  p.median_s = number(row[5]).value_or(0.0);
  p.low_s = number(row[6]);
  p.high_s = number(row[7]);
  p.sample_count = integer(row[8]);
  return p;
}

}  // namespace

std::vector<SeriesKey> list_series(sql::Connection& db, const SeriesFilter& filter) {
  const std::regex pattern = benchmark_pattern(filter.benchmark_regex);
  if (stored_schema_version(db) == 0) return {};
  std::vector<Value> params;
  const std::string statement = "SELECT DISTINCT r.suite, r.testbed, m.benchmark FROM measurements m JOIN runs r ON "
                                "r.run_id = m.run_id" + run_conditions(filter, params) +
                                " ORDER BY r.suite, r.testbed, m.benchmark";
  std::vector<SeriesKey> keys;
  for (const sql::Row& row : db.query(statement, params)) {
    SeriesKey key{text(row[0]), text(row[1]), text(row[2])};
    if (filter.benchmark_regex.empty() || std::regex_search(key.benchmark, pattern)) keys.push_back(std::move(key));
  }
  return keys;
}

std::vector<SeriesPoint> load_series(sql::Connection& db, const SeriesKey& key, const SeriesFilter& filter) {
  std::vector<Value> params;
  std::string conditions = run_conditions(filter, params);
  conditions += " AND r.suite = ? AND r.testbed = ? AND m.benchmark = ?";
  params.insert(params.end(), {key.suite, key.testbed, key.benchmark});
  std::vector<SeriesPoint> points;
  for (sql::Row& row : db.query(std::string(kPointColumns) + conditions + " ORDER BY " + kCommitOrder, params))
    points.push_back(point_of(row));
  return points;
}

std::vector<std::vector<SeriesPoint>> load_series_batch(sql::Connection& db, const std::vector<SeriesKey>& keys,
                                                        const SeriesFilter& filter) {
  std::vector<std::vector<SeriesPoint>> series(keys.size());
  if (keys.empty()) return series;
  std::vector<Value> params;
  std::string conditions = run_conditions(filter, params) + " AND r.suite = ? AND r.testbed = ? AND m.benchmark IN (";
  params.insert(params.end(), {keys[0].suite, keys[0].testbed});
  std::unordered_map<std::string, std::size_t> slot;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    conditions += i == 0 ? "?" : ", ?";
    params.push_back(keys[i].benchmark);
    slot.emplace(keys[i].benchmark, i);
  }
  conditions += ")";
  for (sql::Row& row : db.query(std::string(kPointColumns) + conditions + " ORDER BY m.benchmark, " + kCommitOrder, params))
    series[slot.at(text(row[9]))].push_back(point_of(row));
  return series;
}

RunSpan run_span(sql::Connection& db, const SeriesFilter& filter) {
  if (stored_schema_version(db) == 0) return {};
  std::vector<Value> params;
  const std::string where = run_conditions(filter, params);
  const auto rows = db.query("SELECT COUNT(*), MIN(r.created_utc), MAX(r.created_utc) FROM runs r" + where, params);
  return {integer(rows.at(0)[0]), text(rows.at(0)[1]), text(rows.at(0)[2])};
}

std::int64_t parse_since(const std::string& text, const std::string& where) {
  const std::string full = text.size() == 10 ? text + "T00:00:00Z" : text;
  if (const auto seconds = epoch_seconds(full)) return *seconds;
  throw InputError(where + " " + quote_text(text) + ": expected a date, YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ");
}

}  // namespace perfgate::history
