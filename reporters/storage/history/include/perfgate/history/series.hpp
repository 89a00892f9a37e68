#pragma once
// A benchmark's series: its medians on one testbed, one point per main-line
// run, ordered by commit (ordinal, then time).  The console, the triage
// and the dashboard all read history through these queries.

#include <cstdint>
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
  std::string benchmark_regex;            // ECMAScript, searched; empty: every benchmark
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
  // in the order of `benchmarks` (at most kBenchmarksPerQuery a query).
  std::vector<std::vector<SeriesPoint>> read(const std::vector<std::string>& benchmarks, std::size_t first_run = 0);

  // The position among runs() of the run with this id; runs() when it is none of them.
  std::size_t position_of(std::string_view run_id) const;

  static constexpr std::size_t kBenchmarksPerQuery = 16;

 private:
  void read_some(const std::vector<std::string>& benchmarks, std::size_t first_run,
                 std::vector<std::vector<SeriesPoint>>& series);
  bool look_up_points(const std::vector<std::string>& benchmarks, std::size_t first_run) const;

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
  std::unordered_map<std::string, std::size_t, TextHash, std::equal_to<>> entries_;  // index entries by benchmark name
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
