// The history's series table and the triage's stored answers (schema
// version 2, issue 27) on both engines: the migration from version 1, the
// table kept true by ingest and prune, and stored answers that give what a
// full recompute gives after several ingests, recomputed when the settings
// change or a run lands inside a series.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "perfgate/history/changes.hpp"
#include "perfgate/history/history_schema.hpp"
#include "perfgate/history/ingest.hpp"
#include "perfgate/history/ingest_batch.hpp"
#include "perfgate/history/open_history.hpp"
#include "perfgate/history/retention.hpp"
#include "perfgate/history/sample_text.hpp"
#include "perfgate/history/series.hpp"
#include "perfgate/history/triage_cache.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/sql/sql_connection.hpp"
#include "results_builder.hpp"
#include "shell.hpp"
#include "test_database.hpp"

namespace perfgate::history {
namespace {

namespace fs = std::filesystem;
using perfgate::testing::benchmark;
using perfgate::testing::lognormal_samples;

// The schema as perfgate wrote it before version 2: a store of the
// previous release, for the migration test.
constexpr const char* kSchemaVersion1 = R"sql(
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

// Benchmark "step" is 20% slower from run 30 on; "bump" 30% slower for
// runs 70..79 (a regression fixed ten runs later); "flat" never moves.
// Every run is shifted by a run effect of 0.5% (log), each benchmark its own.
std::vector<std::pair<std::string, double>> planted_medians(int run) {
  std::mt19937_64 rng(static_cast<std::uint64_t>(run));
  std::normal_distribution<double> effect(0.0, 0.005);
  return {{"step", 1e-3 * (run >= 30 ? 1.2 : 1.0) * std::exp(effect(rng))},
          {"bump", 2e-3 * (run >= 70 && run < 80 ? 1.3 : 1.0) * std::exp(effect(rng))},
          {"flat", 3e-3 * std::exp(effect(rng))}};
}

class HistoryTriageStoreTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const perfgate::testing::TestDatabase database =
        perfgate::testing::test_database(GetParam(), dir_.path(), "history.sqlite");
    if (database.url.empty()) GTEST_SKIP() << database.skip_reason;
    url_ = database.url;
    db_ = sql::open_database(url_);
    if (GetParam() == "postgresql")
      db_->execute_script(perfgate::testing::kDropHistoryTables);
  }

  std::int64_t count(const std::string& table) {
    return std::get<std::int64_t>(db_->query("SELECT COUNT(*) FROM " + table).at(0).at(0));
  }

  // Run `run` of suite "s" (ordinal `ordinal`, default the run), ingested.
  // `also_flat` more benchmarks "wide_0".. that never move: a wide suite.
  void ingest_run(int run, std::optional<std::int64_t> ordinal = std::nullopt, const std::string& kind = "main",
                  const std::string& testbed = "", int also_flat = 0) {
    std::vector<BenchmarkResult> benchmarks;
    std::uint64_t seed = 1000 * static_cast<std::uint64_t>(run);
    for (const auto& [name, median] : planted_medians(run))
      benchmarks.push_back(benchmark(name, lognormal_samples(median, 0.002, 8, seed++)));
    for (int i = 0; i < also_flat; ++i)
      benchmarks.push_back(benchmark("wide_" + std::to_string(i), lognormal_samples(1e-3 * (1 + i), 0.002, 8, seed++)));
    Results r = perfgate::testing::results("s", benchmarks);
    r.source.git_commit = "c" + std::to_string(run);
    r.created_utc = "2026-11-01T00:00:00Z";
    const fs::path file = dir_ / ("run" + std::to_string(run) + kind + ".json");
    save_results(r, file);
    IngestOptions options;
    options.ordinal = ordinal ? *ordinal : run;
    options.kind = kind;
    options.testbed = testbed;
    options.force = !testbed.empty();  // the test's device under another testbed's name
    const IngestBatch batch = read_ingest_files({file}, options);
    if (stored_schema_version(*db_) < kHistorySchemaVersion) ensure_schema(*db_);
    store_batch(*db_, batch);
  }

  void ingest_runs(int first, int last) {
    for (int run = first; run <= last; ++run) ingest_run(run);
  }

  perfgate::testing::TempDir dir_;
  std::string url_;
  std::unique_ptr<sql::Connection> db_;
};

// What the triage stores and reads back, against a full recompute.
TriageOptions stored_with_window(std::size_t window) {
  TriageOptions options;
  options.store = true;
  options.recheck_runs = window;
  return options;
}

TriageOptions computed_whole() {
  TriageOptions options;
  options.use_stored = false;
  return options;
}

// The same changes at the same commits with the same shapes and links;
// levels within 1% (an extended answer keeps a settled change's levels from
// its last examination: triage_cache.hpp, (a)-(c)); both significant.
void expect_same_answers(const std::vector<SeriesAnswer>& stored, const std::vector<SeriesAnswer>& whole,
                         const std::string& when) {
  ASSERT_EQ(stored.size(), whole.size()) << when;
  for (std::size_t s = 0; s < stored.size(); ++s) {
    const std::string where = when + ", series " + whole[s].key.benchmark;
    EXPECT_EQ(stored[s].key.benchmark, whole[s].key.benchmark) << where;
    EXPECT_EQ(stored[s].points, whole[s].points) << where;
    ASSERT_EQ(stored[s].changes.size(), whole[s].changes.size()) << where;
    for (std::size_t i = 0; i < whole[s].changes.size(); ++i) {
      const Change& a = stored[s].changes[i];
      const Change& b = whole[s].changes[i];
      EXPECT_EQ(a.commit, b.commit) << where;
      EXPECT_EQ(a.end_commit, b.end_commit) << where;
      EXPECT_EQ(a.ordinal, b.ordinal) << where;
      EXPECT_EQ(a.shape, b.shape) << where;
      EXPECT_EQ(a.undone_by, b.undone_by) << where;
      EXPECT_NEAR(a.before_s / b.before_s, 1.0, 0.01) << where;
      EXPECT_NEAR(a.after_s / b.after_s, 1.0, 0.01) << where;
      EXPECT_LT(a.p_value, 1e-4) << where;
      EXPECT_LT(b.p_value, 1e-4) << where;
    }
  }
}

TEST_P(HistoryTriageStoreTest, StoredAnswersExtendedOverManyIngestsAreAFullRecomputesAnswer) {
  const stats::ChangePointSettings settings;
  constexpr std::size_t kWindow = 40;
  ingest_runs(1, 50);
  TriageWork work;
  triage_series(*db_, {}, settings, stored_with_window(kWindow), &work);
  EXPECT_EQ(work.recomputed, 3u);
  std::size_t extended = 0;
  for (int last = 57; last <= 134; last += 7) {
    ingest_runs(last - 6, last);
    const auto stored = triage_series(*db_, {}, settings, stored_with_window(kWindow), &work);
    extended += work.extended;
    expect_same_answers(stored, triage_series(*db_, {}, settings, computed_whole()), "after run " + std::to_string(last));
  }
  EXPECT_GT(extended, 10u);  // most updates re-examined only the window
  // The planted changes, found: the step and both edges of the bump.
  const auto final_answers = triage_series(*db_, {}, settings, stored_with_window(kWindow));
  ASSERT_EQ(final_answers.size(), 3u);
  std::vector<std::string> commits;
  for (const SeriesAnswer& a : final_answers)
    for (const Change& c : a.changes) commits.push_back(a.key.benchmark + "@" + c.commit);
  EXPECT_EQ(commits, (std::vector<std::string>{"bump@c70", "bump@c80", "step@c30"}));
}

TEST_P(HistoryTriageStoreTest, OneNewRunExtendsEachSeriesOfItsSuiteAndNothingElse) {
  const stats::ChangePointSettings settings;
  ingest_runs(1, 130);
  TriageWork work;
  triage_series(*db_, {}, settings, stored_with_window(40), &work);
  EXPECT_EQ(work.recomputed, 3u);
  triage_series(*db_, {}, settings, stored_with_window(40), &work);
  EXPECT_EQ(work.stored, 3u);
  EXPECT_EQ(work.recomputed + work.extended, 0u);
  ingest_run(131);
  const auto stored = triage_series(*db_, {}, settings, stored_with_window(40), &work);
  EXPECT_EQ(work.extended, 3u);
  EXPECT_EQ(work.recomputed, 0u);
  expect_same_answers(stored, triage_series(*db_, {}, settings, computed_whole()), "after run 131");
  // Issue 45 item 4: the changes before the re-examined window (runs 92 on)
  // say they were kept from an earlier examination; a whole one's do not.
  std::size_t changes = 0;
  for (const SeriesAnswer& a : stored)
    for (const Change& c : a.changes) {
      EXPECT_TRUE(c.settled) << a.key.benchmark << "@" << c.commit;
      ++changes;
    }
  EXPECT_EQ(changes, 3u);
  for (const SeriesAnswer& a : triage_series(*db_, {}, settings, computed_whole()))
    for (const Change& c : a.changes) EXPECT_FALSE(c.settled) << a.key.benchmark << "@" << c.commit;
  // A pull-request run is no point of the main line: nothing is stale.
  ingest_run(132, std::nullopt, "pr");
  triage_series(*db_, {}, settings, stored_with_window(40), &work);
  EXPECT_EQ(work.stored, 3u);
}

// The reads and the detector's threads are how the answer is come by, not
// what it is: the same series under two testbeds (a read by range scan
// meets the other testbed's entries and drops them), tails read by range
// scan and by look-ups, and the detector on one thread or four.
TEST_P(HistoryTriageStoreTest, ReadPathsAndThreadsGiveTheSameAnswer) {
  for (int run = 1; run <= 100; ++run) {
    ingest_run(run);
    ingest_run(run, std::nullopt, "main", "other-testbed");
  }
  std::string testbed;  // this machine's, which ingest_run() names by default
  for (const SeriesKey& key : list_series(*db_, {}))
    if (key.testbed != "other-testbed") testbed = key.testbed;
  SeriesReader reader(*db_, "s", testbed, {});
  ASSERT_EQ(reader.runs(), 100u);
  const std::vector<std::string> names{"bump", "flat", "step"};
  const auto whole = reader.read(names);
  for (const std::size_t first : {std::size_t{0}, std::size_t{40}, std::size_t{90}, std::size_t{99}}) {
    const auto tail = reader.read(names, first);
    for (std::size_t b = 0; b < names.size(); ++b) {
      ASSERT_EQ(whole[b].size(), 100u) << names[b];
      ASSERT_EQ(tail[b].size(), 100 - first) << names[b] << " from " << first;
      for (std::size_t i = 0; i < tail[b].size(); ++i) {
        EXPECT_EQ(tail[b][i].run_id, whole[b][first + i].run_id) << names[b];
        EXPECT_EQ(tail[b][i].commit, "c" + std::to_string(first + i + 1)) << names[b];
        EXPECT_EQ(tail[b][i].median_s, whole[b][first + i].median_s) << names[b];
        EXPECT_EQ(tail[b][i].low_s, whole[b][first + i].low_s) << names[b];
        EXPECT_EQ(tail[b][i].sample_count, 8) << names[b];
      }
    }
  }
  const stats::ChangePointSettings settings;
  TriageOptions one = computed_whole();
  one.threads = 1;
  TriageOptions four = computed_whole();
  four.threads = 4;
  const auto serial = triage_series(*db_, {}, settings, one);
  const auto parallel = triage_series(*db_, {}, settings, four);
  ASSERT_EQ(serial.size(), 6u);
  ASSERT_EQ(parallel.size(), serial.size());
  std::size_t changes = 0;
  for (std::size_t s = 0; s < serial.size(); ++s) {
    EXPECT_EQ(parallel[s].key.testbed, serial[s].key.testbed);
    EXPECT_EQ(parallel[s].key.benchmark, serial[s].key.benchmark);
    ASSERT_EQ(parallel[s].changes.size(), serial[s].changes.size()) << serial[s].key.benchmark;
    for (std::size_t i = 0; i < serial[s].changes.size(); ++i) {
      EXPECT_EQ(parallel[s].changes[i].commit, serial[s].changes[i].commit);
      EXPECT_EQ(parallel[s].changes[i].p_value, serial[s].changes[i].p_value);
      ++changes;
    }
  }
  EXPECT_EQ(changes, 6u);  // on each testbed: the step and the bump's two edges
}

// Each read plan, chosen by what it costs, reads the points a read of one
// benchmark alone gives: a few series whole (a range scan), a few series'
// short tails (a look-up a point), and many series' tails or whole series
// of a wide suite (every measurement of each run).  Then the triage,
// extending a wide suite's stored answers by one run, reads run by run and
// answers as a full recompute does.
TEST_P(HistoryTriageStoreTest, EveryReadPlanReadsWhatOneSeriesAloneReads) {
  constexpr int kAlsoFlat = 40;
  for (int run = 1; run <= 60; ++run) {
    ingest_run(run, std::nullopt, "main", "", kAlsoFlat);
    ingest_run(run, std::nullopt, "main", "other-testbed", kAlsoFlat);
  }
  std::string testbed;
  for (const SeriesKey& key : list_series(*db_, {}))
    if (key.testbed != "other-testbed") testbed = key.testbed;
  SeriesReader reader(*db_, "s", testbed, {});
  ASSERT_EQ(reader.runs(), 60u);
  const std::vector<std::string> few{"bump", "flat", "step"};
  std::vector<std::string> many = few;
  for (int i = 0; i < kAlsoFlat; ++i) many.push_back("wide_" + std::to_string(i));
  using Plan = SeriesReader::ReadPlan;
  const struct {
    const std::vector<std::string>* names;
    std::size_t first;
    Plan plan;
  } cases[] = {{&few, 0, Plan::scan}, {&few, 55, Plan::look_ups}, {&many, 55, Plan::whole_runs}, {&many, 0, Plan::whole_runs}};
  for (const auto& c : cases) {
    const std::string where = std::to_string(c.names->size()) + " series from run " + std::to_string(c.first);
    EXPECT_EQ(reader.plan(*c.names, c.first), c.plan) << where;
    std::size_t batches = 0;
    std::vector<std::vector<SeriesPoint>> read(c.names->size());
    reader.read(*c.names, c.first, [&](std::size_t first, std::vector<std::vector<SeriesPoint>>&& some) {
      ASSERT_LE(some.size(), SeriesReader::kBenchmarksPerQuery) << where;
      for (std::size_t i = 0; i < some.size(); ++i) read.at(first + i) = std::move(some[i]);
      ++batches;
    });
    EXPECT_EQ(batches, (c.names->size() + SeriesReader::kBenchmarksPerQuery - 1) / SeriesReader::kBenchmarksPerQuery) << where;
    // The triage's read: each point's run and median only.
    std::vector<SeriesReader::Values> values(c.names->size());
    reader.read_values(*c.names, c.first, [&](std::size_t first, std::vector<SeriesReader::Values>&& some) {
      for (std::size_t i = 0; i < some.size(); ++i) values.at(first + i) = std::move(some[i]);
    });
    for (std::size_t b = 0; b < c.names->size(); ++b) {
      const std::string& name = (*c.names)[b];
      const auto alone = reader.read({name}, c.first).at(0);
      ASSERT_EQ(read[b].size(), 60 - c.first) << where << ", " << name;
      ASSERT_EQ(alone.size(), read[b].size()) << where << ", " << name;
      for (std::size_t i = 0; i < alone.size(); ++i) {
        EXPECT_EQ(read[b][i].commit, "c" + std::to_string(c.first + i + 1)) << where << ", " << name;
        EXPECT_EQ(read[b][i].run_id, alone[i].run_id) << where << ", " << name;
        EXPECT_EQ(read[b][i].median_s, alone[i].median_s) << where << ", " << name;
        EXPECT_EQ(read[b][i].high_s, alone[i].high_s) << where << ", " << name;
        EXPECT_EQ(read[b][i].sample_count, alone[i].sample_count) << where << ", " << name;
        ASSERT_EQ(values[b].positions.size(), alone.size()) << where << ", " << name;
        EXPECT_EQ(reader.run(values[b].positions[i]).run_id, alone[i].run_id) << where << ", " << name;
        EXPECT_EQ(values[b].medians[i], alone[i].median_s) << where << ", " << name;
      }
    }
  }

  const stats::ChangePointSettings settings;
  TriageWork work;
  triage_series(*db_, {}, settings, stored_with_window(20), &work);
  EXPECT_EQ(work.recomputed, 2u * many.size());
  ingest_run(61, std::nullopt, "main", "", kAlsoFlat);
  const auto extended = triage_series(*db_, {}, settings, stored_with_window(20), &work);
  EXPECT_EQ(work.extended, many.size());
  EXPECT_EQ(work.recomputed, 0u);
  expect_same_answers(extended, triage_series(*db_, {}, settings, computed_whole()), "after run 61");
}

TEST_P(HistoryTriageStoreTest, OtherSettingsRecomputeEverySeries) {
  ingest_runs(1, 40);
  stats::ChangePointSettings settings;
  TriageWork work;
  triage_series(*db_, {}, settings, stored_with_window(0), &work);
  EXPECT_EQ(work.recomputed, 3u);
  settings.max_p_value = 1e-6;
  triage_series(*db_, {}, settings, stored_with_window(0), &work);
  EXPECT_EQ(work.recomputed, 3u);
  triage_series(*db_, {}, settings, stored_with_window(0), &work);
  EXPECT_EQ(work.stored, 3u);
  settings.max_bump_width = 50;  // any setting the detector reads
  triage_series(*db_, {}, settings, stored_with_window(0), &work);
  EXPECT_EQ(work.recomputed, 3u);
  TriageOptions full = stored_with_window(0);
  full.full = true;
  triage_series(*db_, {}, settings, full, &work);
  EXPECT_EQ(work.recomputed, 3u);
}

TEST_P(HistoryTriageStoreTest, ARunLandingInsideASeriesRecomputesItWhole) {
  const stats::ChangePointSettings settings;
  ingest_runs(1, 120);
  triage_series(*db_, {}, settings, stored_with_window(40));
  // Commit 121's run, measured late, belongs between ordinals 60 and 61.
  ingest_run(121, 60);
  EXPECT_EQ(count("series WHERE reordered = 1"), 3);
  TriageWork work;
  const auto stored = triage_series(*db_, {}, settings, stored_with_window(40), &work);
  EXPECT_EQ(work.recomputed, 3u);
  EXPECT_EQ(work.extended, 0u);
  expect_same_answers(stored, triage_series(*db_, {}, settings, computed_whole()), "after a late run");
}

TEST_P(HistoryTriageStoreTest, TheSeriesTableCountsEachSeriesPointsThroughIngestAndPrune) {
  ingest_runs(1, 12);
  ingest_run(13, std::nullopt, "pr");
  const auto rows = db_->query("SELECT kind, benchmark, points, first_run_time, last_run_time, reordered FROM series "
                               "ORDER BY kind, benchmark");
  ASSERT_EQ(rows.size(), 6u);
  EXPECT_EQ(std::get<std::string>(rows[0][0]), "main");
  EXPECT_EQ(std::get<std::int64_t>(rows[0][2]), 12);
  EXPECT_EQ(std::get<std::string>(rows[5][0]), "pr");
  EXPECT_EQ(std::get<std::int64_t>(rows[5][2]), 1);
  for (const sql::Row& row : rows) EXPECT_EQ(std::get<std::int64_t>(row[5]), 0);
  // What a scan of the measurements says, to the row.
  const std::string scan = "SELECT r.kind, m.benchmark, COUNT(*), MIN(r.run_time), MAX(r.run_time) FROM measurements m "
                           "JOIN runs r ON r.run_id = m.run_id GROUP BY r.kind, m.benchmark ORDER BY r.kind, m.benchmark";
  const auto scanned = db_->query(scan);
  ASSERT_EQ(scanned.size(), rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t c = 0; c < 5; ++c) EXPECT_EQ(rows[i][c], scanned[i][c]) << "row " << i << " column " << c;
  // Ingesting a run again adds no point; prune thins samples, never a point.
  ingest_run(12);
  prune_samples(*db_, 2);
  EXPECT_EQ(db_->query("SELECT kind, benchmark, points, first_run_time, last_run_time, reordered FROM series "
                       "ORDER BY kind, benchmark"),
            rows);
  SeriesFilter pr;
  pr.kind = "pr";
  EXPECT_EQ(list_series(*db_, pr).size(), 3u);
  EXPECT_EQ(list_series(*db_, {}).size(), 3u);
}

TEST_P(HistoryTriageStoreTest, AVersion1StoreIsMigratedWithItsSeriesAndTriaged) {
  db_->execute_script(kSchemaVersion1);
  db_->query("INSERT INTO perfgate_history (schema_version) VALUES (1)");
  db_->query("INSERT INTO testbeds VALUES ('tb', 'slug', 'cpu', 'cpu', '', '', 1, '', 'cpu')");
  for (int run = 1; run <= 40; ++run) {
    const std::string id = "run" + std::to_string(run);
    db_->query("INSERT INTO runs (run_id, suite, testbed, commit_sha, ordinal, run_time, created_utc, kind, source, "
               "ingested_utc) VALUES (?, 's', 'tb', ?, ?, ?, '2026-11-01T00:00:00Z', 'main', 'f', 'now')",
               {id, "c" + std::to_string(run), std::int64_t{run}, std::int64_t{1000 + run}});
    for (const auto& [name, median] : planted_medians(run))
      db_->query("INSERT INTO measurements (run_id, benchmark, median_s, sample_count) VALUES (?, ?, ?, 8)",
                 {id, name, median});
  }
  // Samples of "step" in runs 1-3, stored last position first: version 3
  // keeps them as one text a measurement, exactly and in their order.
  std::map<std::string, std::vector<double>> stored;
  for (int run = 1; run <= 3; ++run) {
    const std::string id = "run" + std::to_string(run);
    std::vector<double>& samples = stored[id];
    for (int i = 0; i < 8; ++i) samples.push_back(0.1 * run + 0.2 * i + 1e-17 * i + (i == 5 ? 5e-324 : 0.0));
    for (int i = 7; i >= 0; --i)
      db_->query("INSERT INTO samples (run_id, benchmark, position, seconds) VALUES (?, 'step', ?, ?)",
                 {id, std::int64_t{i}, samples[static_cast<std::size_t>(i)]});
  }
  const std::vector<Change> before = find_changes(*db_, {}, {});  // read as version 1: scanned, nothing stored
  EXPECT_EQ(list_series(*db_, {}).size(), 3u);
  const auto migrated = open_history(url_, sql::Access::read_write);
  EXPECT_EQ(stored_schema_version(*migrated), kHistorySchemaVersion);
  const auto sets = migrated->query("SELECT run_id, benchmark, sample_count, seconds FROM sample_sets ORDER BY run_id");
  ASSERT_EQ(sets.size(), 3u);
  for (const sql::Row& set : sets) {
    const std::string id = sql::as_text(set[0]);
    EXPECT_EQ(sql::as_text(set[1]), "step");
    EXPECT_EQ(sql::as_integer(set[2]), 8);
    EXPECT_EQ(samples_from_text(sql::as_text(set[3]), id), stored[id]) << sql::as_text(set[3]);
  }
  EXPECT_TRUE(migrated->query(std::string(migrated->engine()) == "sqlite"
                                   ? "SELECT 1 FROM sqlite_master WHERE name = 'samples'"
                                   : "SELECT 1 FROM information_schema.tables WHERE table_name = 'samples' AND "
                                     "table_schema = current_schema()")
                   .empty())
      << "the table of one sample a row is dropped";
  const auto rows = migrated->query("SELECT benchmark, points, first_run_time, last_run_time FROM series ORDER BY benchmark");
  ASSERT_EQ(rows.size(), 3u);
  for (const sql::Row& row : rows) {
    EXPECT_EQ(std::get<std::int64_t>(row[1]), 40);
    EXPECT_EQ(std::get<std::int64_t>(row[2]), 1001);
    EXPECT_EQ(std::get<std::int64_t>(row[3]), 1040);
  }
  TriageWork work;
  const std::vector<Change> after = find_changes(*migrated, {}, {}, stored_with_window(0), nullptr, &work);
  EXPECT_EQ(work.recomputed, 3u);
  ASSERT_EQ(after.size(), before.size());
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].commit, "c30");
  EXPECT_EQ(after[0].before_s, before[0].before_s);
  // A run ingested after the migration joins its series.
  ingest_run(41, std::nullopt, "main", "tb");
  EXPECT_EQ(std::get<std::int64_t>(migrated->query("SELECT points FROM series WHERE benchmark = 'step'").at(0).at(0)), 41);
  EXPECT_EQ(list_series(*migrated, {}).size(), 3u);
}

INSTANTIATE_TEST_SUITE_P(Engines, HistoryTriageStoreTest, ::testing::Values("sqlite", "postgresql"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace perfgate::history
