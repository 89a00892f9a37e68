// perfgate_history_fill: a synthetic history to time `perfgate history
// report` at scale (docs/measurements.md, "History dashboard").  It writes
// --runs main-line runs of one suite on --testbeds testbeds (the runs dealt
// round-robin), each with --benchmarks medians: the measurements only, no
// samples, inserted with multi-row INSERTs in one transaction.
//
// Benchmark j's level is 1 us x (1 + j mod 97); every run is off it by a
// log-normal run effect of 1%; every 10th benchmark steps +10% at a commit
// drawn uniformly from the middle half of its series; every 7th run has no
// 95% interval (as a run of fewer than 6 samples).  Deterministic given --seed.
// The series table is rebuilt from what was written (one statement).
//
// --append N adds N more runs to a history this tool filled with the same
// --runs, --benchmarks, --testbeds and --seed (ordinals --runs + 1 on, the
// levels after each benchmark's step), each stored as ingest stores a run:
// its measurements in multi-row INSERTs, then its points added to the
// series table (history::add_run_to_series), one transaction a run.  What
// `perfgate history changes` costs after new runs is timed so.

#include <chrono>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <iostream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "perfgate/history/history_schema.hpp"
#include "perfgate/history/open_history.hpp"
#include "perfgate/history/run_record.hpp"
#include "perfgate/history/series_table.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/sql/batch_insert.hpp"
#include "perfgate/sql/sql_connection.hpp"

namespace {

using perfgate::sql::Value;

struct FillOptions {
  std::string db;
  int runs = 10000;
  int benchmarks = 1000;
  int testbeds = 1;
  std::uint64_t seed = 1;
  int append = 0;
};

std::string testbed_name(int t) { return "fill-testbed-" + std::to_string(t); }

// Each benchmark's step: at a run drawn from the middle half of --runs for
// every 10th benchmark, never for the others.
std::vector<int> steps(const FillOptions& o, std::mt19937_64& rng) {
  std::vector<int> step_at(static_cast<std::size_t>(o.benchmarks), std::numeric_limits<int>::max());  // none
  std::uniform_int_distribution<int> middle(o.runs / 4, 3 * o.runs / 4);
  for (int j = 0; j < o.benchmarks; j += 10) step_at[static_cast<std::size_t>(j)] = middle(rng);
  return step_at;
}

// Run i (ordinal i): its row, then its measurements.
std::string add_run(perfgate::sql::Connection& db, const FillOptions& o, int i, const std::vector<int>& step_at,
                    std::mt19937_64& rng, perfgate::sql::BatchInsert& measurements) {
  std::normal_distribution<double> run_effect(0.0, 0.01);
  const std::string run_id = perfgate::history::content_id({"fill", std::to_string(o.seed), std::to_string(i)});
  const std::int64_t start = 1767225600;  // 2026-01-01T00:00:00Z
  const std::int64_t time = start + 600 * static_cast<std::int64_t>(i);
  db.query("INSERT INTO runs (run_id, suite, testbed, commit_sha, ordinal, run_time, created_utc, kind, source, "
           "ingested_utc) VALUES (?, 'fill', ?, ?, ?, ?, ?, 'main', 'perfgate_history_fill', ?)",
           {run_id, testbed_name(i % o.testbeds), perfgate::history::content_id({"commit", std::to_string(i)}),
            std::int64_t{i}, time, perfgate::history::utc_text(time), perfgate::history::utc_text(time)});
  const bool interval = i % 7 != 0;
  for (int j = 0; j < o.benchmarks; ++j) {
    const double level = 1e-6 * (1 + j % 97) * (i >= step_at[static_cast<std::size_t>(j)] ? 1.10 : 1.0);
    const double median = level * std::exp(run_effect(rng));
    measurements.add({run_id, "fill/bench_" + std::to_string(j), median,
                      interval ? Value{median * 0.99} : Value{nullptr}, interval ? Value{median * 1.01} : Value{nullptr},
                      std::int64_t{interval ? 20 : 5}});
  }
  return run_id;
}

constexpr const char* kMeasurementColumns = "measurements (run_id, benchmark, median_s, low_s, high_s, sample_count)";

void fill(perfgate::sql::Connection& db, const FillOptions& o) {
  std::mt19937_64 rng(o.seed);
  const std::vector<int> step_at = steps(o, rng);
  perfgate::sql::Transaction transaction(db);
  for (int t = 0; t < o.testbeds; ++t)
    db.query("INSERT INTO testbeds (testbed, device_slug, device_kind, device_name, driver, cuda_runtime, gpu_count, "
             "topology, host_cpu) VALUES (?, 'fill', 'cpu', 'synthetic', '', '', 1, '', 'synthetic')", {testbed_name(t)});
  perfgate::sql::BatchInsert measurements(db, kMeasurementColumns, 6);
  for (int i = 1; i <= o.runs; ++i) add_run(db, o, i, step_at, rng, measurements);
  measurements.flush();
  perfgate::history::rebuild_series_table(db);
  transaction.commit();
}

// --append: runs --runs + 1 on, one transaction each, as ingest stores them.
void append(perfgate::sql::Connection& db, const FillOptions& o) {
  std::mt19937_64 rng(o.seed);
  const std::vector<int> step_at = steps(o, rng);
  const int first = o.runs + 1 + static_cast<int>(std::get<std::int64_t>(
                                     db.query("SELECT COUNT(*) FROM runs WHERE ordinal > ?", {std::int64_t{o.runs}}).at(0).at(0)));
  rng.seed(o.seed + static_cast<std::uint64_t>(first));
  for (int i = first; i < first + o.append; ++i) {
    perfgate::sql::Transaction transaction(db);
    perfgate::sql::BatchInsert measurements(db, kMeasurementColumns, 6);
    const std::string run_id = add_run(db, o, i, step_at, rng, measurements);
    measurements.flush();
    perfgate::history::add_run_to_series(db, run_id);
    transaction.commit();
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"perfgate_history_fill: a synthetic run history (medians only) to time perfgate history report"};
  FillOptions o;
  app.add_option("--history", o.db, "URL: the history to fill (an SQLite file or a postgresql:// URL); it must hold no run yet");
  // perfgate's old spelling (issue 42), hidden, for one release.
  app.add_option("--db", o.db, "the old spelling of --history")->group("")->each([](const std::string&) {
    std::cerr << "perfgate: note: --db is now --history; the old spelling goes in the next release\n";
  });
  app.add_option("--runs", o.runs, "main-line runs")->check(CLI::Range(1, 10000000))->capture_default_str();
  app.add_option("--benchmarks", o.benchmarks, "benchmarks per run")->check(CLI::Range(1, 100000))->capture_default_str();
  app.add_option("--testbeds", o.testbeds, "testbeds the runs are dealt to")->check(CLI::Range(1, 1000))->capture_default_str();
  app.add_option("--seed", o.seed, "random seed")->capture_default_str();
  app.add_option("--append", o.append, "add this many runs to a history filled with the same options, as ingest stores them")
      ->check(CLI::Range(0, 1000000));
  CLI11_PARSE(app, argc, argv);
  if (o.db.empty()) {
    std::cerr << "perfgate_history_fill: error: --history is required\n";
    return 2;
  }
  return perfgate::run_reporting_errors([&] {
    const auto db = perfgate::history::open_history(o.db, perfgate::sql::Access::create);
    const auto begin = std::chrono::steady_clock::now();
    if (o.append > 0) append(*db, o);
    else fill(*db, o);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    std::cout << "perfgate_history_fill: " << (o.append > 0 ? o.append : o.runs) << " runs x " << o.benchmarks
              << " benchmarks " << (o.append > 0 ? "appended" : "written") << " in " << seconds << " s\n";
    return 0;
  });
}
