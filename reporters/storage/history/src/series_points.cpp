// SeriesReader: a series' points without a join or a sort in the database.
// The runs of one suite and testbed are few (one a commit) and read once;
// the measurements of a batch of benchmarks come from the covering index
// (benchmark, run_id, median_s, ...) in one range scan each, and the commit
// order is each run's position among the runs.

#include <algorithm>
#include <utility>

#include "perfgate/history/series.hpp"

#include "perfgate/history/history_schema.hpp"

namespace perfgate::history {
namespace {

using sql::Value;


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

// What a point costs read by a look-up of its (benchmark, run) in the
// covering index, against one row of a range scan of the benchmark's
// entries: SQLite 3.40 here, 2,000-run history, 32,000 points: 28-35 ms by
// look-ups, 5 ms by a scan of the same benchmarks (docs/measurements.md).
// With perfgate's own work a row (finding its run) the ratio is about 3.
constexpr std::size_t kLookupCostInRows = 3;

}  // namespace

SeriesReader::SeriesReader(sql::Connection& db, const std::string& suite, const std::string& testbed,
                           const SeriesFilter& filter)
    : db_(db), suite_(suite), testbed_(testbed), filter_(filter) {
  std::vector<Value> params;
  const std::string statement = "SELECT r.run_id, r.commit_sha, r.ordinal, r.run_time, r.created_utc FROM runs r" +
                                run_conditions(suite, testbed, filter, params) +
                                " ORDER BY (r.ordinal IS NULL), r.ordinal, r.run_time, r.run_id";
  db.for_each_row(statement, params, [&](const sql::RowView& row) {
    SeriesPoint run;
    run.run_id = row.text(0);
    run.commit = row.text(1);
    if (!row.is_null(2)) run.ordinal = row.integer(2);
    run.run_time = row.integer(3);
    run.created_utc = row.text(4);
    position_.emplace(run.run_id, runs_.size());
    runs_.push_back(std::move(run));
  });
  by_id_.reserve(runs_.size());
  for (std::size_t i = 0; i < runs_.size(); ++i) by_id_.push_back(i);
  std::sort(by_id_.begin(), by_id_.end(), [&](std::size_t a, std::size_t b) { return runs_[a].run_id < runs_[b].run_id; });
  if (stored_schema_version(db) >= 2) {
    // Every series' length by benchmark name (all suites, testbeds, kinds):
    // how many entries a scan of a benchmark's index range reads.
    db.for_each_row("SELECT benchmark, SUM(points) FROM series GROUP BY benchmark", {}, [&](const sql::RowView& row) {
      entries_.emplace(std::string(row.text(0)), static_cast<std::size_t>(row.integer(1)));
    });
  }
}

std::size_t SeriesReader::position_of(std::string_view run_id) const {
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

// Look up each wanted point, or scan the benchmarks' index ranges and keep
// the rows of these runs: whichever reads less.  A scan also meets the
// entries of other testbeds, kinds and suites under the same name (the
// series table counts them); without a series table, a run has one entry.
bool SeriesReader::look_up_points(const std::vector<std::string>& benchmarks, std::size_t first_run) const {
  const std::size_t wanted = (runs_.size() - first_run) * benchmarks.size();
  std::size_t scanned = 0;
  for (const std::string& name : benchmarks) {
    const auto found = entries_.find(name);
    scanned += found == entries_.end() ? runs_.size() : std::max(found->second, runs_.size());
  }
  return wanted * kLookupCostInRows < scanned;
}

void SeriesReader::read_some(const std::vector<std::string>& benchmarks, std::size_t first_run,
                             std::vector<std::vector<SeriesPoint>>& series) {
  if (first_run >= runs_.size()) return;
  std::vector<Value> params;
  std::string statement = "SELECT m.benchmark, m.run_id, m.median_s, m.low_s, m.high_s, m.sample_count FROM "
                          "measurements m WHERE m.benchmark IN (";
  for (std::size_t i = 0; i < benchmarks.size(); ++i) {
    statement += i == 0 ? "?" : ", ?";
    params.push_back(benchmarks[i]);
  }
  statement += ")";
  if (look_up_points(benchmarks, first_run)) {
    statement += " AND m.run_id IN (";
    if (runs_.size() - first_run <= kRunsNamedAtMost) {
      for (std::size_t r = first_run; r < runs_.size(); ++r) {
        statement += r == first_run ? "?" : ", ?";
        params.push_back(runs_[r].run_id);
      }
      statement += ")";
    } else {
      statement += "SELECT r.run_id FROM runs r" + run_conditions(suite_, testbed_, filter_, params) + ")";
    }
  }
  // Each point's numbers at its run's position, then every series in commit
  // order, the run's fields copied once into each point.  The rows come by
  // benchmark (the index's order), so the slot is looked up once a name.
  struct Measured {
    std::size_t position;
    double median_s;
    std::optional<double> low_s;
    std::optional<double> high_s;
    std::int64_t sample_count;
  };
  std::vector<std::vector<Measured>> placed(benchmarks.size());
  std::string current_name;
  std::size_t current_slot = 0;
  // A benchmark's entries come in run id order (the index's), so its runs
  // are found by walking the runs sorted by id alongside; a row the walk
  // misses (another testbed's run, an engine collating otherwise) is looked up.
  std::size_t walk = 0;
  db_.for_each_row(statement, params, [&](const sql::RowView& row) {
    if (row.text(0) != current_name) {
      current_name = row.text(0);
      current_slot = static_cast<std::size_t>(std::find(benchmarks.begin(), benchmarks.end(), current_name) - benchmarks.begin());
      walk = 0;
    }
    const std::string_view id = row.text(1);
    while (walk < by_id_.size() && runs_[by_id_[walk]].run_id < id) ++walk;
    const std::size_t position =
        walk < by_id_.size() && runs_[by_id_[walk]].run_id == id ? by_id_[walk] : position_of(id);
    if (position < first_run || position >= runs_.size()) return;
    if (current_slot >= benchmarks.size()) return;
    placed[current_slot].push_back({position, row.real(2), row.is_null(3) ? std::nullopt : std::optional<double>(row.real(3)),
                                    row.is_null(4) ? std::nullopt : std::optional<double>(row.real(4)), row.integer(5)});
  });
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
