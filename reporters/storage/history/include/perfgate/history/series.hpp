#pragma once
// A benchmark's series: its medians on one testbed, one point per main-line
// run, ordered by commit (ordinal, then time).  The console, the triage
// and the dashboard all read history through these queries.

#include <cstdint>
#include <optional>
#include <string>
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
// sorted.  An invalid regex is an InputError naming --benchmark.
std::vector<SeriesKey> list_series(sql::Connection& db, const SeriesFilter& filter);

// The points of one series in commit order.
std::vector<SeriesPoint> load_series(sql::Connection& db, const SeriesKey& key, const SeriesFilter& filter);

// The points of several series of one suite on one testbed (every key's
// suite and testbed are the first's), each in commit order, in the keys'
// order: one query for many benchmarks, where one per benchmark would cost
// a round trip each on a server.  The dashboard reads every series so.
std::vector<std::vector<SeriesPoint>> load_series_batch(sql::Connection& db, const std::vector<SeriesKey>& keys,
                                                        const SeriesFilter& filter);

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
