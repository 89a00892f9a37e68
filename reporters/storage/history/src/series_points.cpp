// SeriesReader: a series' points without a join or a sort in the database.
// The runs of one suite and testbed are few (one a commit) and read once;
// the measurements of a batch of benchmarks come from the covering index
// (benchmark, run_id, median_s, ...) in one range scan each, by a look-up
// a point, or (many series' recent tails) run by run, whichever reads
// least; the commit order is each run's position among the runs.

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
constexpr double kLookupCostInRows = 3.0;

// What a row costs read with the rest of its run's (by the primary key,
// run_id first, the table's row fetched beside it), against one row of a
// range scan of the covering index: SQLite 3.40, 10,000-run history, 0.54 us
// against 0.33 us a row (docs/measurements.md).
constexpr double kRunRowCostInRows = 1.6;

// A read run by run holds its points until every run is read: at most this
// many (56 bytes each) at once; more benchmarks are read in parts.
constexpr std::size_t kPointsHeldAtMost = std::size_t{1} << 19;

// Runs named in one statement of a read run by run.
constexpr std::size_t kRunsPerStatement = 256;

std::string placeholders(std::size_t count) {
  std::string list;
  for (std::size_t i = 0; i < count; ++i) list += i == 0 ? "?" : ", ?";
  return list;
}

template <typename Rows>
void sort_by_position(Rows& rows) {
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.position < b.position; });
}

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
  id_bounds_.push_back(0);
  for (const std::size_t position : by_id_) {
    ids_text_ += runs_[position].run_id;
    id_bounds_.push_back(ids_text_.size());
  }
  if (stored_schema_version(db) >= 2) {
    // Every series' length by benchmark name (all suites, testbeds, kinds):
    // how many entries a scan of a benchmark's index range reads.
    db.for_each_row("SELECT benchmark, SUM(points) FROM series GROUP BY benchmark", {}, [&](const sql::RowView& row) {
      entries_.emplace(std::string(row.text(0)), static_cast<std::size_t>(row.integer(1)));
    });
    // A run's measurements: about one a series of its suite on its testbed.
    db.for_each_row("SELECT COUNT(*) FROM series WHERE suite = ? AND testbed = ? AND kind = ?", {suite, testbed, filter.kind},
                    [&](const sql::RowView& row) { entries_per_run_ = static_cast<std::size_t>(row.integer(0)); });
  }
}

// The first place at or after `from` in the runs sorted by id whose id is
// not below `id`: steps doubling from `from`, then a binary search of the
// last step, so the next row of a scan costs a compare or two and a jump
// over thousands of runs (a look-up's tail) costs a few dozen.
std::size_t SeriesReader::gallop_to(std::string_view id, std::size_t from) const {
  const auto below = [&](std::size_t rank) { return id_by_rank(rank) < id; };
  if (from >= by_id_.size() || !below(from)) return from;
  std::size_t low = from;  // below(low) holds
  std::size_t step = 1;
  while (low + step < by_id_.size() && below(low + step)) {
    low += step;
    step *= 2;
  }
  std::size_t high = std::min(low + step, by_id_.size());  // !below(high) or the end
  while (low + 1 < high) {
    const std::size_t middle = low + (high - low) / 2;
    (below(middle) ? low : high) = middle;
  }
  return high;
}

std::size_t SeriesReader::position_of(std::string_view run_id) const {
  const auto found = position_.find(run_id);
  return found == position_.end() ? runs_.size() : found->second;
}

std::vector<std::vector<SeriesPoint>> SeriesReader::read(const std::vector<std::string>& benchmarks,
                                                         std::size_t first_run) {
  std::vector<std::vector<SeriesPoint>> series(benchmarks.size());
  read(benchmarks, first_run, [&](std::size_t first, std::vector<std::vector<SeriesPoint>>&& some) {
    std::move(some.begin(), some.end(), series.begin() + static_cast<std::ptrdiff_t>(first));
  });
  return series;
}

void SeriesReader::read(const std::vector<std::string>& benchmarks, std::size_t first_run, const BatchReady& ready) {
  read_placed(benchmarks, first_run, Columns::points, [&](std::size_t first, Placed&& rows) { ready(first, points_of(rows)); });
}

void SeriesReader::read_values(const std::vector<std::string>& benchmarks, std::size_t first_run, const ValuesReady& ready) {
  read_placed(benchmarks, first_run, Columns::medians, [&](std::size_t first, Placed&& rows) { ready(first, values_of(rows)); });
}

void SeriesReader::read_placed(const std::vector<std::string>& benchmarks, std::size_t first_run, Columns columns,
                               const PlacedReady& ready) {
  if (read_runs_whole(benchmarks, first_run)) {
    read_by_runs(benchmarks, first_run, columns, ready);
    return;
  }
  for (std::size_t begin = 0; begin < benchmarks.size(); begin += kBenchmarksPerQuery) {
    const std::size_t end = std::min(benchmarks.size(), begin + kBenchmarksPerQuery);
    ready(begin, read_some({benchmarks.begin() + static_cast<std::ptrdiff_t>(begin),
                            benchmarks.begin() + static_cast<std::ptrdiff_t>(end)},
                           first_run, columns));
  }
}

SeriesReader::ReadPlan SeriesReader::plan(const std::vector<std::string>& benchmarks, std::size_t first_run) const {
  if (read_runs_whole(benchmarks, first_run)) return ReadPlan::whole_runs;
  return look_up_points(benchmarks, first_run) ? ReadPlan::look_ups : ReadPlan::scan;
}

// How many benchmarks a read run by run takes at once: as many as keep its
// held points under kPointsHeldAtMost.
std::size_t SeriesReader::benchmarks_per_part(std::size_t first_run) const {
  return std::max(kBenchmarksPerQuery, kPointsHeldAtMost / std::max<std::size_t>(1, runs_.size() - first_run));
}

// Whether reading every measurement of runs [first_run, runs()) (each part
// of the benchmarks reads them all again) reads less than the benchmarks'
// index ranges or a look-up per point would: a recent tail of many series.
bool SeriesReader::read_runs_whole(const std::vector<std::string>& benchmarks, std::size_t first_run) const {
  if (entries_per_run_ == 0 || first_run >= runs_.size() || benchmarks.size() <= kBenchmarksPerQuery) return false;
  const double tail = static_cast<double>(runs_.size() - first_run);
  const std::size_t per_part = benchmarks_per_part(first_run);
  const double parts = static_cast<double>((benchmarks.size() + per_part - 1) / per_part);
  const double by_runs = parts * tail * static_cast<double>(entries_per_run_) * kRunRowCostInRows;
  const double by_look_ups = tail * static_cast<double>(benchmarks.size()) * kLookupCostInRows;
  return by_runs < std::min(by_look_ups, static_cast<double>(scanned_rows(benchmarks)));
}

// Every measurement of runs [first_run, runs()), kRunsPerStatement runs a
// statement, those of `benchmarks` kept: one seek a run where a look-up
// costs one a point.  The rows come grouped by run (the primary key's
// order on SQLite); a run's position is looked up when the run changes.
void SeriesReader::read_by_runs(const std::vector<std::string>& benchmarks, std::size_t first_run, Columns columns,
                                const PlacedReady& ready) {
  const std::size_t per_part = benchmarks_per_part(first_run);
  for (std::size_t part = 0; part < benchmarks.size(); part += per_part) {
    const std::size_t part_end = std::min(benchmarks.size(), part + per_part);
    std::unordered_map<std::string_view, std::size_t> slot_of;
    for (std::size_t i = part; i < part_end; ++i) slot_of.emplace(benchmarks[i], i - part);
    Placed placed(part_end - part);
    for (std::size_t run = first_run; run < runs_.size(); run += kRunsPerStatement) {
      const std::size_t run_end = std::min(runs_.size(), run + kRunsPerStatement);
      std::vector<Value> params;
      for (std::size_t r = run; r < run_end; ++r) params.push_back(runs_[r].run_id);
      std::string current_id;
      std::size_t position = runs_.size();
      db_.for_each_row("SELECT m.run_id, m.benchmark, " + selected(columns) + " FROM measurements m WHERE m.run_id IN (" +
                           placeholders(run_end - run) + ")",
                       params, [&](const sql::RowView& row) {
                         const auto slot = slot_of.find(row.text(1));
                         if (slot == slot_of.end()) return;
                         if (row.text(0) != current_id) {
                           current_id = row.text(0);
                           position = position_of(current_id);
                         }
                         if (position < first_run || position >= runs_.size()) return;
                         placed[slot->second].push_back(measured_of(row, position, columns));
                       });
    }
    for (std::size_t begin = 0; begin < placed.size(); begin += kBenchmarksPerQuery) {
      const std::size_t end = std::min(placed.size(), begin + kBenchmarksPerQuery);
      ready(part + begin, Placed(std::make_move_iterator(placed.begin() + static_cast<std::ptrdiff_t>(begin)),
                                 std::make_move_iterator(placed.begin() + static_cast<std::ptrdiff_t>(end))));
    }
  }
}

// The numbers a read takes, from column 2 on.
std::string SeriesReader::selected(Columns columns) {
  return columns == Columns::points ? "m.median_s, m.low_s, m.high_s, m.sample_count" : "m.median_s";
}

// A row's numbers: column 2 on are selected(columns).
SeriesReader::Measured SeriesReader::measured_of(const sql::RowView& row, std::size_t position, Columns columns) {
  if (columns == Columns::medians) return {position, row.real(2), std::nullopt, std::nullopt, 0};
  return {position, row.real(2), row.is_null(3) ? std::nullopt : std::optional<double>(row.real(3)),
          row.is_null(4) ? std::nullopt : std::optional<double>(row.real(4)), row.integer(5)};
}

// Each benchmark's rows in commit order as points, each with its run's
// fields; the rows are released.
std::vector<std::vector<SeriesPoint>> SeriesReader::points_of(Placed& rows) const {
  std::vector<std::vector<SeriesPoint>> series(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    sort_by_position(rows[i]);
    series[i].reserve(rows[i].size());
    for (const Measured& m : rows[i]) {
      SeriesPoint& point = series[i].emplace_back(runs_[m.position]);
      point.median_s = m.median_s;
      point.low_s = m.low_s;
      point.high_s = m.high_s;
      point.sample_count = m.sample_count;
    }
    std::vector<Measured>().swap(rows[i]);
  }
  return series;
}

// Each benchmark's rows in commit order as positions and medians.
std::vector<SeriesReader::Values> SeriesReader::values_of(Placed& rows) {
  std::vector<Values> series(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    sort_by_position(rows[i]);
    series[i].positions.reserve(rows[i].size());
    series[i].medians.reserve(rows[i].size());
    for (const Measured& m : rows[i]) {
      series[i].positions.push_back(m.position);
      series[i].medians.push_back(m.median_s);
    }
    std::vector<Measured>().swap(rows[i]);
  }
  return series;
}

// Look up each wanted point, or scan the benchmarks' index ranges and keep
// the rows of these runs: whichever reads less.  A scan also meets the
// entries of other testbeds, kinds and suites under the same name (the
// series table counts them); without a series table, a run has one entry.
bool SeriesReader::look_up_points(const std::vector<std::string>& benchmarks, std::size_t first_run) const {
  const std::size_t wanted = (runs_.size() - first_run) * benchmarks.size();
  return static_cast<double>(wanted) * kLookupCostInRows < static_cast<double>(scanned_rows(benchmarks));
}

// The index entries a range scan of these benchmarks reads.
std::size_t SeriesReader::scanned_rows(const std::vector<std::string>& benchmarks) const {
  std::size_t scanned = 0;
  for (const std::string& name : benchmarks) {
    const auto found = entries_.find(name);
    scanned += found == entries_.end() ? runs_.size() : std::max(found->second, runs_.size());
  }
  return scanned;
}

SeriesReader::Placed SeriesReader::read_some(const std::vector<std::string>& benchmarks, std::size_t first_run,
                                             Columns columns) {
  Placed placed(benchmarks.size());
  if (first_run >= runs_.size()) return placed;
  std::vector<Value> params;
  std::string statement = "SELECT m.benchmark, m.run_id, " + selected(columns) + " FROM measurements m WHERE m.benchmark IN (";
  statement += placeholders(benchmarks.size()) + ")";
  for (const std::string& name : benchmarks) params.push_back(name);
  if (look_up_points(benchmarks, first_run)) {
    statement += " AND m.run_id IN (";
    if (runs_.size() - first_run <= kRunsNamedAtMost) {
      statement += placeholders(runs_.size() - first_run) + ")";
      for (std::size_t r = first_run; r < runs_.size(); ++r) params.push_back(runs_[r].run_id);
    } else {
      statement += "SELECT r.run_id FROM runs r" + run_conditions(suite_, testbed_, filter_, params) + ")";
    }
  }
  // Each point's numbers at its run's position, then every series in commit
  // order.  The rows come by benchmark (the index's order), so the slot is
  // looked up once a name.
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
    // A scan's next row is most often the next run by id: one equality test.
    if (walk + 1 < by_id_.size() && id_by_rank(walk + 1) == id)
      ++walk;
    else
      walk = gallop_to(id, walk);
    const std::size_t position =
        walk < by_id_.size() && id_by_rank(walk) == id ? by_id_[walk] : position_of(id);
    if (position < first_run || position >= runs_.size()) return;
    if (current_slot >= benchmarks.size()) return;
    placed[current_slot].push_back(measured_of(row, position, columns));
  });
  return placed;
}

}  // namespace perfgate::history
