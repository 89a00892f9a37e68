// SeriesReader: a series' points without a join or a sort in the database.
// The runs of one suite and testbed are few (one a commit) and read once;
// the measurements of a batch of benchmarks come from the covering index
// (benchmark, run_id, median_s, ...) in one range scan each, and the commit
// order is each run's position among the runs.

#include <algorithm>
#include <utility>

#include "perfgate/history/series.hpp"

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

// The runs' conditions: the suite, testbed and the filter's kind and since.
std::string run_conditions(const std::string& suite, const std::string& testbed, const SeriesFilter& filter,
                           std::vector<Value>& params) {
  std::string where = " WHERE r.suite = ? AND r.testbed = ? AND r.kind = ?";
  params.push_back(suite);
  params.push_back(testbed);
  params.push_back(filter.kind);
  if (filter.since) {
    where += " AND r.run_time >= ?";
    params.push_back(*filter.since);
  }
  return where;
}

// A tail of at most this many runs is named run by run (an IN list the
// index answers with one look-up a point); a longer one is read whole and
// cut here.  Far below either engine's limit on bound values.
constexpr std::size_t kRunsNamedAtMost = 2000;

}  // namespace

SeriesReader::SeriesReader(sql::Connection& db, const std::string& suite, const std::string& testbed,
                           const SeriesFilter& filter)
    : db_(db), suite_(suite), testbed_(testbed), filter_(filter) {
  std::vector<Value> params;
  const std::string statement = "SELECT r.run_id, r.commit_sha, r.ordinal, r.run_time, r.created_utc FROM runs r" +
                                run_conditions(suite, testbed, filter, params) +
                                " ORDER BY (r.ordinal IS NULL), r.ordinal, r.run_time, r.run_id";
  for (const sql::Row& row : db.query(statement, params)) {
    SeriesPoint run;
    run.run_id = text(row[0]);
    run.commit = text(row[1]);
    if (std::holds_alternative<std::int64_t>(row[2])) run.ordinal = std::get<std::int64_t>(row[2]);
    run.run_time = integer(row[3]);
    run.created_utc = text(row[4]);
    position_.emplace(run.run_id, runs_.size());
    runs_.push_back(std::move(run));
  }
}

std::size_t SeriesReader::position_of(const std::string& run_id) const {
  const auto found = position_.find(run_id);
  return found == position_.end() ? runs_.size() : found->second;
}

std::vector<std::vector<SeriesPoint>> SeriesReader::read(const std::vector<std::string>& benchmarks,
                                                         std::size_t first_run) {
  std::vector<std::vector<SeriesPoint>> series(benchmarks.size());
  for (std::size_t begin = 0; begin < benchmarks.size(); begin += kBenchmarksPerQuery) {
    const std::size_t end = std::min(benchmarks.size(), begin + kBenchmarksPerQuery);
    std::vector<std::vector<SeriesPoint>> some(end - begin);
    read_some({benchmarks.begin() + static_cast<std::ptrdiff_t>(begin), benchmarks.begin() + static_cast<std::ptrdiff_t>(end)},
              first_run, some);
    std::move(some.begin(), some.end(), series.begin() + static_cast<std::ptrdiff_t>(begin));
  }
  return series;
}

void SeriesReader::read_some(const std::vector<std::string>& benchmarks, std::size_t first_run,
                             std::vector<std::vector<SeriesPoint>>& series) {
  if (first_run >= runs_.size()) return;
  std::vector<Value> params;
  std::string statement = "SELECT m.run_id, m.benchmark, m.median_s, m.low_s, m.high_s, m.sample_count FROM "
                          "measurements m WHERE m.benchmark IN (";
  std::unordered_map<std::string, std::size_t> slot;
  for (std::size_t i = 0; i < benchmarks.size(); ++i) {
    statement += i == 0 ? "?" : ", ?";
    params.push_back(benchmarks[i]);
    slot.emplace(benchmarks[i], i);
  }
  statement += ") AND m.run_id IN (";
  if (runs_.size() - first_run <= kRunsNamedAtMost) {
    for (std::size_t r = first_run; r < runs_.size(); ++r) {
      statement += r == first_run ? "?" : ", ?";
      params.push_back(runs_[r].run_id);
    }
    statement += ")";
  } else {
    statement += "SELECT r.run_id FROM runs r" + run_conditions(suite_, testbed_, filter_, params) + ")";
  }
  // Each point's numbers at its run's position, then every series in commit
  // order, the run's fields copied once into each point.
  struct Measured {
    std::size_t position;
    double median_s;
    std::optional<double> low_s;
    std::optional<double> high_s;
    std::int64_t sample_count;
  };
  std::vector<std::vector<Measured>> placed(benchmarks.size());
  for (const sql::Row& row : db_.query(statement, params)) {
    const std::size_t position = position_of(std::get<std::string>(row[0]));
    if (position < first_run || position >= runs_.size()) continue;
    placed[slot.at(std::get<std::string>(row[1]))].push_back(
        {position, number(row[2]).value_or(0.0), number(row[3]), number(row[4]), integer(row[5])});
  }
  for (std::size_t i = 0; i < placed.size(); ++i) {
    std::sort(placed[i].begin(), placed[i].end(), [](const Measured& a, const Measured& b) { return a.position < b.position; });
    series[i].reserve(placed[i].size());
    for (const Measured& m : placed[i]) {
      SeriesPoint& point = series[i].emplace_back(runs_[m.position]);
      point.median_s = m.median_s;
      point.low_s = m.low_s;
      point.high_s = m.high_s;
      point.sample_count = m.sample_count;
    }
  }
}

}  // namespace perfgate::history
