#pragma once
// A benchmark's series: its medians on one testbed, one point per main-line
// run, ordered by commit (ordinal, then time).  The console, the triage
// and the dashboard all read history through these queries.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::history {

struct SeriesKey {
  std::string suite;
  std::string testbed;
  std::string benchmark;
};

struct SeriesPoint {
  std::string run_id;
  std::string commit;
  std::optional<std::int64_t> ordinal;
  std::int64_t run_time = 0;
  std::string created_utc;
  double median_s = 0.0;
  std::optional<double> low_s;
  std::optional<double> high_s;
  std::int64_t sample_count = 0;
};

struct SeriesFilter {
  std::string benchmark_regex;            // POSIX extended, searched (name_pattern.hpp); empty: every benchmark
  std::string testbed;                    // exact; empty: every testbed
  std::optional<std::int64_t> since;      // run_time >= since (seconds since 1970)
  std::string kind = "main";
};

// Every (suite, testbed, benchmark) with a point that passes the filter,
// sorted: from the series table (a store of schema version 1, which a
// reader may not migrate, is scanned).  An invalid regex is an InputError naming --benchmark.
std::vector<SeriesKey> list_series(sql::Connection& db, const SeriesFilter& filter);

// The points of one series in commit order.
std::vector<SeriesPoint> load_series(sql::Connection& db, const SeriesKey& key, const SeriesFilter& filter);

// The points of several series of one suite on one testbed (every key's
// suite and testbed are the first's), each in commit order, in the keys'
// order: one query for many benchmarks, where one per benchmark would cost
// a round trip each on a server.  The dashboard reads every series so.
std::vector<std::vector<SeriesPoint>> load_series_batch(sql::Connection& db, const std::vector<SeriesKey>& keys,
                                                        const SeriesFilter& filter);

// Reads the points of many series of one suite and testbed: the runs of
// the suite on the testbed (commit order) are read once, then each batch of
// benchmarks with one query on the covering index of their measurements
// (schema version 2), the commit order set here, not by the database.
// What the triage and the dashboard read every series with.
class SeriesReader {
 public:
  SeriesReader(sql::Connection& db, const std::string& suite, const std::string& testbed, const SeriesFilter& filter);

  // The runs of the suite on the testbed that pass the filter (kind,
  // since), in commit order: the points of a series are a subsequence.
  std::size_t runs() const { return runs_.size(); }

  // Each benchmark's points among runs [first_run, runs()), in commit order,
  // in the order of `benchmarks`.
  std::vector<std::vector<SeriesPoint>> read(const std::vector<std::string>& benchmarks, std::size_t first_run = 0);

  // The same, a batch at a time: ready(first, series) gets the points of
  // benchmarks [first, first + series.size()), at most kBenchmarksPerQuery
  // series a call, so that a caller can work on one batch while the next is
  // read.  Each part is read the cheapest way (docs/design.md, "History"):
  // a range scan of the benchmarks' index entries, a look-up per point, or
  // (many benchmarks, few runs) every measurement of each run.
  using BatchReady = std::function<void(std::size_t first, std::vector<std::vector<SeriesPoint>>&& series)>;
  void read(const std::vector<std::string>& benchmarks, std::size_t first_run, const BatchReady& ready);

  // A series as the triage reads it: each point's run (a position among
  // runs(), its fields run(position)) and median, in commit order.
  struct Values {
    std::vector<std::size_t> positions;
    std::vector<double> medians;
  };
  using ValuesReady = std::function<void(std::size_t first, std::vector<Values>&& series)>;
  void read_values(const std::vector<std::string>& benchmarks, std::size_t first_run, const ValuesReady& ready);

  // The run at `position` among runs(): its id, commit, ordinal and dates.
  const SeriesPoint& run(std::size_t position) const { return runs_[position]; }

  // How read() reads these benchmarks' points from first_run on (a batch
  // of kBenchmarksPerQuery or fewer is scanned or looked up as a whole).
  enum class ReadPlan { scan, look_ups, whole_runs };
  ReadPlan plan(const std::vector<std::string>& benchmarks, std::size_t first_run) const;

  // The position among runs() of the run with this id; runs() when it is none of them.
  std::size_t position_of(std::string_view run_id) const;

  static constexpr std::size_t kBenchmarksPerQuery = 16;

 private:
  // What a reader keeps of a row until the batch is in commit order.
  struct Measured {
    std::size_t position;
    double median_s;
    std::optional<double> low_s;
    std::optional<double> high_s;
    std::int64_t sample_count;
  };
  using Placed = std::vector<std::vector<Measured>>;  // a benchmark's rows, by the benchmark's place

  // Rows of benchmarks [first, first + rows.size()), kBenchmarksPerQuery at most.
  using PlacedReady = std::function<void(std::size_t first, Placed&& rows)>;
  // What a read takes of each row: every number of a point, or only the median.
  enum class Columns { points, medians };
  void read_placed(const std::vector<std::string>& benchmarks, std::size_t first_run, Columns columns,
                   const PlacedReady& ready);
  Placed read_some(const std::vector<std::string>& benchmarks, std::size_t first_run, Columns columns);
  void read_by_runs(const std::vector<std::string>& benchmarks, std::size_t first_run, Columns columns,
                    const PlacedReady& ready);
  bool look_up_points(const std::vector<std::string>& benchmarks, std::size_t first_run) const;
  std::size_t scanned_rows(const std::vector<std::string>& benchmarks) const;
  bool read_runs_whole(const std::vector<std::string>& benchmarks, std::size_t first_run) const;
  static Measured measured_of(const sql::RowView& row, std::size_t position, Columns columns);
  static std::string selected(Columns columns);
  std::string_view id_by_rank(std::size_t rank) const {
    return std::string_view(ids_text_).substr(id_bounds_[rank], id_bounds_[rank + 1] - id_bounds_[rank]);
  }
  std::size_t benchmarks_per_part(std::size_t first_run) const;
  std::vector<std::vector<SeriesPoint>> points_of(Placed& rows) const;
  static std::vector<Values> values_of(Placed& rows);
  std::size_t gallop_to(std::string_view run_id, std::size_t from) const;

  // Heterogeneous look-up: a run id read in place finds its position without a copy.
  struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
  };

  sql::Connection& db_;
  std::string suite_;
  std::string testbed_;
  SeriesFilter filter_;
  std::vector<SeriesPoint> runs_;  // the run's fields of each point: id, commit, ordinal, time
  std::unordered_map<std::string, std::size_t, TextHash, std::equal_to<>> position_;
  std::vector<std::size_t> by_id_;  // positions of runs_, by run id
  // The run ids by rank end to end: a walk along the index reads them in
  // order from one block, not from each run's own allocation.
  std::string ids_text_;
  std::vector<std::size_t> id_bounds_;  // rank k's id: [id_bounds_[k], id_bounds_[k + 1])
  std::unordered_map<std::string, std::size_t, TextHash, std::equal_to<>> entries_;  // index entries by benchmark name
  std::size_t entries_per_run_ = 0;  // the suite's series on this testbed (0: unknown, schema 1)
};

// The runs that pass the filter's kind, testbed and since (not its
// benchmark pattern): how many, and the first and last date.
struct RunSpan {
  std::int64_t runs = 0;
  std::string first_utc;  // empty when there is no run
  std::string last_utc;
};
RunSpan run_span(sql::Connection& db, const SeriesFilter& filter);

// "2026-11-01" or "2026-11-01T12:00:00Z" as seconds since 1970; InputError
// naming `where` otherwise.
std::int64_t parse_since(const std::string& text, const std::string& where);

}  // namespace perfgate::history
