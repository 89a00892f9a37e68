// The history store on both engines with the same tests: SQLite in a
// temporary file and PostgreSQL on the binary's private server.  Same
// schema, same queries, same results.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/history/bisection_record.hpp"
#include "perfgate/history/changes.hpp"
#include "perfgate/history/history_schema.hpp"
#include "perfgate/history/open_history.hpp"
#include "perfgate/history/ingest.hpp"
#include "perfgate/history/ingest_batch.hpp"
#include "perfgate/history/retention.hpp"
#include "perfgate/history/run_record.hpp"
#include "perfgate/history/run_spread.hpp"
#include "perfgate/history/runner_change.hpp"
#include "perfgate/history/series.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/sql/sql_connection.hpp"
#include "perfgate/gate/comparison_json.hpp"
#include "test_database.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate::history {
namespace {

namespace fs = std::filesystem;
using perfgate::testing::benchmark;
using perfgate::testing::lognormal_samples;

class HistoryStoreTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const perfgate::testing::TestDatabase database =
        perfgate::testing::test_database(GetParam(), dir_.path(), "history.sqlite");
    if (database.url.empty()) GTEST_SKIP() << database.skip_reason;
    url_ = database.url;
    db_ = sql::open_database(url_);
    // The server's database outlives a test: each starts from no history.
    if (GetParam() == "postgresql")
      db_->execute_script(perfgate::testing::kDropHistoryTables);
  }

  std::int64_t count(const std::string& table) {
    return std::get<std::int64_t>(db_->query("SELECT COUNT(*) FROM " + table).at(0).at(0));
  }
  // Samples stored, one row a measurement (schema 3).
  std::int64_t stored_samples() {
    return std::get<std::int64_t>(db_->query("SELECT CAST(COALESCE(SUM(sample_count), 0) AS BIGINT) FROM sample_sets").at(0).at(0));
  }

  // A results file of suite "s" on the test CPU at `commit`: each benchmark
  // at its median times `factor`, 10 samples with 1% noise.
  fs::path run_file(const std::string& commit, const std::vector<std::pair<std::string, double>>& medians,
                    std::uint64_t seed) {
    std::vector<BenchmarkResult> benchmarks;
    for (const auto& [name, median] : medians) benchmarks.push_back(benchmark(name, lognormal_samples(median, 0.01, 10, seed++)));
    Results r = perfgate::testing::results("s", benchmarks);
    r.source.git_commit = commit;
    r.created_utc = "2026-11-01T00:00:00Z";
    const fs::path file = dir_ / (commit + "-" + std::to_string(seed) + ".json");
    save_results(r, file);
    return file;
  }

  // As `perfgate history ingest` does: open_history(create) sets the schema
  // up, then the files go in.
  IngestSummary ingest(const std::vector<fs::path>& files, IngestOptions options = {}) {
    const IngestBatch batch = read_ingest_files(files, options);
    if (stored_schema_version(*db_) == 0) ensure_schema(*db_);
    return store_batch(*db_, batch);
  }

  // `runs` runs of benchmarks "a" (1 ms) and "b" (2 ms), ordinals 1..runs;
  // from run `step_at` on, "a" is `a_factor` and "b" `b_factor` as long;
  // every run shifted by a run effect of `run_sd` on log times.
  void ingest_series(int runs, int step_at, double a_factor, double b_factor, double run_sd = 0.005) {
    std::mt19937_64 rng(7);
    std::normal_distribution<double> run_effect(0.0, run_sd);
    for (int i = 1; i <= runs; ++i) {
      const double shift = std::exp(run_effect(rng));
      const bool after = i >= step_at;
      IngestOptions options;
      options.ordinal = i;
      ingest({run_file("c" + std::to_string(i), {{"a", 1e-3 * shift * (after ? a_factor : 1.0)},
                                                 {"b", 2e-3 * shift * (after ? b_factor : 1.0)}},
                       static_cast<std::uint64_t>(100 * i))},
             options);
    }
  }

  perfgate::testing::TempDir dir_;
  std::string url_;
  std::unique_ptr<sql::Connection> db_;
};

TEST_P(HistoryStoreTest, AFreshStoreGetsTheCurrentSchemaOnce) {
  EXPECT_EQ(stored_schema_version(*db_), 0);
  ensure_schema(*db_);
  ensure_schema(*db_);
  EXPECT_EQ(stored_schema_version(*db_), kHistorySchemaVersion);
  EXPECT_EQ(count("perfgate_history"), 1);
}

TEST_P(HistoryStoreTest, ASchemaFromTheFutureIsRefusedAndLeftAsItWas) {
  ensure_schema(*db_);
  db_->query("UPDATE perfgate_history SET schema_version = ?", {std::int64_t{99}});
  try {
    ingest({run_file("c1", {{"a", 1e-3}}, 1)});
    FAIL() << "a store of schema 99 was written";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("schema version 99 is newer"), std::string::npos) << e.what();
  }
  EXPECT_EQ(std::get<std::int64_t>(db_->query("SELECT schema_version FROM perfgate_history").at(0).at(0)), 99);
  EXPECT_EQ(count("runs"), 0);
  // Every way in refuses it, the readers too (their tables may mean something else).
  for (const sql::Access access : {sql::Access::read_only, sql::Access::read_write, sql::Access::create}) {
    try {
      open_history(url_, access);
      FAIL() << "a store of schema 99 was opened";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("schema version 99 is newer than this perfgate reads"), std::string::npos)
          << e.what();
    }
  }
  EXPECT_THROW(list_series(*db_, {}), InputError);
}

TEST_P(HistoryStoreTest, ARunIngestedTwiceIsStoredOnce) {
  const fs::path file = run_file("c1", {{"a", 1e-3}, {"b", 2e-3}}, 1);
  const IngestSummary first = ingest({file});
  EXPECT_EQ(first.runs_added, 1u);
  EXPECT_EQ(first.measurements, 2u);
  EXPECT_EQ(first.samples, 20u);
  const IngestSummary again = ingest({file, file});
  EXPECT_EQ(again.runs_added, 0u);
  EXPECT_EQ(again.runs_present, 2u);
  EXPECT_EQ(count("runs"), 1);
  EXPECT_EQ(count("measurements"), 2);
  EXPECT_EQ(stored_samples(), 20);
  // The same file said to measure another commit is another run.
  IngestOptions other;
  other.commit = "c2";
  EXPECT_EQ(ingest({file}, other).runs_added, 1u);
}

TEST_P(HistoryStoreTest, ABadFileAmongGoodOnesWritesNothing) {
  const fs::path good = run_file("c1", {{"a", 1e-3}}, 1);
  perfgate::testing::write_text(dir_ / "bad.json", "{\"schema\": \"perfgate/results\", \"schema_version\": ");
  EXPECT_THROW(ingest({good, dir_ / "bad.json"}), InputError);
  EXPECT_EQ(stored_schema_version(*db_), 0) << "the store changed although one file was bad";
  ingest({good});
  EXPECT_THROW(ingest({run_file("c2", {{"a", 1e-3}}, 2), dir_ / "bad.json"}), InputError);
  EXPECT_EQ(count("runs"), 1);
}

// Files are read on every core at once; the run's id is still the hash of
// the file's bytes, and of several bad files the first named is the error.
TEST_P(HistoryStoreTest, FilesReadAtOnceKeepTheirIdsAndTheFirstBadFilesError) {
  const fs::path good = run_file("c1", {{"a", 1e-3}}, 1);
  const IngestBatch batch = read_ingest_files({good}, {});
  const auto& run = std::get<RunRecord>(batch.records.at(0));
  EXPECT_EQ(run.run_id, content_id({perfgate::testing::read_text(good), "c1", run.testbed.name, "main"}));
  for (const char* name : {"bad1.json", "bad2.json"})
    perfgate::testing::write_text(dir_ / name, std::string("{\"schema\": \"perfgate/results\", \"") + name);
  std::vector<fs::path> files;
  for (int i = 0; i < 8; ++i) files.push_back(run_file("c" + std::to_string(i + 2), {{"a", 1e-3}}, 10 + i));
  files.insert(files.begin() + 5, dir_ / "bad2.json");
  files.insert(files.begin() + 3, dir_ / "bad1.json");
  for (int round = 0; round < 5; ++round) {
    try {
      (void)read_ingest_files(files, {});
      ADD_FAILURE() << "two bad files were read";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).rfind((dir_ / "bad1.json").string() + ": ", 0), 0u) << e.what();
    }
  }
}

TEST_P(HistoryStoreTest, AFileWithoutCommitOrDeviceNeedsTheFlags) {
  Results r = perfgate::testing::results("s", {benchmark("a", lognormal_samples(1e-3, 0.01, 10, 1))});
  r.source.git_commit.clear();
  save_results(r, dir_ / "nocommit.json");
  try {
    ingest({dir_ / "nocommit.json"});
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("give --commit"), std::string::npos) << e.what();
  }
  // Recorded as a run ends there is no --commit to give: the advice says
  // where the commit comes from instead (issue 41).
  IngestOptions recording;
  recording.missing_commit_advice = kRecordingCommitAdvice;
  try {
    ingest({dir_ / "nocommit.json"}, recording);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).find("--commit"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("PERFGATE_GIT_COMMIT=SHA"), std::string::npos) << e.what();
  }
  IngestOptions options;
  options.commit = "abc";
  EXPECT_EQ(ingest({dir_ / "nocommit.json"}, options).runs_added, 1u);
  // Google Benchmark JSON names no device: the testbed must be given.
  const fs::path gbench = fs::path(PERFGATE_TEST_FIXTURES) / "real" / "cxxgraph__base.json";
  try {
    ingest({gbench}, options);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("give --testbed"), std::string::npos) << e.what();
  }
  options.testbed = "ci-runner-large";
  EXPECT_EQ(ingest({gbench}, options).runs_added, 1u);
  SeriesFilter on_runner;
  on_runner.testbed = "ci-runner-large";
  EXPECT_FALSE(list_series(*db_, on_runner).empty());
}

TEST_P(HistoryStoreTest, ChangesFindAPlantedStepAtItsCommitRegressionsFirst) {
  ingest_series(30, 17, 1.20, 0.70);
  const std::vector<Change> changes = find_changes(*db_, {}, {});
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0].benchmark, "a");  // the regression first, though the improvement is larger
  EXPECT_EQ(changes[0].commit, "c17");
  EXPECT_EQ(changes[0].ordinal, 17);
  EXPECT_NEAR(changes[0].change_pct, 20.0, 2.0);
  EXPECT_NEAR(changes[0].before_s, 1e-3, 2e-5);
  EXPECT_NEAR(changes[0].after_s, 1.2e-3, 3e-5);
  EXPECT_LT(changes[0].p_value, 1e-3);
  EXPECT_EQ(changes[1].benchmark, "b");
  EXPECT_EQ(changes[1].commit, "c17");
  EXPECT_NEAR(changes[1].change_pct, -30.0, 2.0);
  SeriesFilter only_a;
  only_a.benchmark_regex = "^a$";
  EXPECT_EQ(find_changes(*db_, only_a, {}).size(), 1u);
}

// What perfgate bisect found is kept (schema version 7) and read back
// beside the change whose commit it bisected, the newest first; the change
// names its last good commit, where a bisect starts.
TEST_P(HistoryStoreTest, ABisectionIsKeptAndFoundBesideItsChange) {
  ingest_series(30, 17, 1.20, 1.0);
  const std::vector<Change> changes = find_changes(*db_, {}, {});
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].before_commit, "c16");
  EXPECT_TRUE(load_bisections(*db_).empty());
  BisectionRecord first{"s", "a", "cpu-test", "c16", "c17", "found", "c17", "c16", 19.5, 2, 1, 30.0, "2026-12-01T00:00:00Z"};
  BisectionRecord newer = first;
  newer.outcome = "not_reproduced";
  newer.first_commit = newer.last_good_commit = "";
  newer.created_utc = "2026-12-02T00:00:00Z";
  BisectionRecord other = first;
  other.benchmark = "b";
  for (const BisectionRecord& r : {first, newer, other}) store_bisection(*db_, r);
  const std::vector<BisectionRecord> kept = load_bisections(*db_);
  ASSERT_EQ(kept.size(), 3u);
  const auto found = bisection_for(changes[0], kept);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->outcome, "not_reproduced") << "the newest of its benchmark";
  EXPECT_EQ(found->good_commit, "c16");
  EXPECT_DOUBLE_EQ(found->change_pct, 19.5);
  EXPECT_EQ(found->builds, 2);
  Change elsewhere = changes[0];
  elsewhere.commit = elsewhere.end_commit = "c20";
  EXPECT_FALSE(bisection_for(elsewhere, kept).has_value()) << "another change of the series";
}

// A step where the machine under one testbed name was swapped (each run's
// own fingerprint differs from run 17 on) is the environment's too, named;
// the same step on one machine stays the code's.
TEST_P(HistoryStoreTest, AStepUnderASwappedRunnerIsTheEnvironments) {
  for (int i = 1; i <= 30; ++i) {
    const bool swapped = i >= 17;
    Results r = perfgate::testing::results(
        "s", {benchmark("a", lognormal_samples(1e-3 * (swapped ? 1.2 : 1.0), 0.01, 10, 100 + i))},
        perfgate::testing::test_cpu(swapped ? "Other CPU 7000" : "Test CPU 9000"));
    r.source.git_commit = "c" + std::to_string(i);
    r.created_utc = "2026-11-01T00:00:00Z";
    const fs::path file = dir_ / ("swap" + std::to_string(i) + ".json");
    save_results(r, file);
    IngestOptions options;
    options.ordinal = i;
    options.testbed = "ci-runner";
    options.force = true;
    ingest({file}, options);
  }
  std::vector<Change> changes = find_changes(*db_, {}, {});
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].cause, ChangeCause::code) << "the triage alone cannot tell";
  RunnerChanges runners(*db_);
  EXPECT_EQ(runners.mark(changes), 1u);
  EXPECT_EQ(changes[0].cause, ChangeCause::environment);
  EXPECT_NE(changes[0].cause_detail.find("the runner changed: cpu-test-cpu-9000 (Test CPU 9000) -> cpu-other-cpu-7000 (Other CPU 7000)"),
            std::string::npos)
      << changes[0].cause_detail;
  EXPECT_FALSE(runners.between("ci-runner", "c15", "c16").has_value()) << "one machine at both commits";
  EXPECT_TRUE(runners.between("ci-runner", "c16", "c30").has_value()) << "two machines";
}

TEST_P(HistoryStoreTest, AStepOnOneRunnerStaysTheCodes) {
  ingest_series(30, 17, 1.20, 1.0);
  std::vector<Change> changes = find_changes(*db_, {}, {});
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(RunnerChanges(*db_).mark(changes), 0u);
  EXPECT_EQ(changes[0].cause, ChangeCause::code);
}

TEST_P(HistoryStoreTest, AnUnchangedSeriesHasNoChange) {
  ingest_series(30, 31, 1.0, 1.0, 0.02);
  EXPECT_TRUE(find_changes(*db_, {}, {}).empty());
}

TEST_P(HistoryStoreTest, PullRequestRunsStayOutOfTheTrend) {
  ingest_series(12, 13, 1.0, 1.0);
  IngestOptions pr;
  pr.kind = "pr";
  for (int i = 0; i < 6; ++i) ingest({run_file("pr" + std::to_string(i), {{"a", 3e-3}}, 900 + i)}, pr);
  EXPECT_TRUE(find_changes(*db_, {}, {}).empty());
  SeriesFilter prs;
  prs.kind = "pr";
  EXPECT_EQ(list_series(*db_, prs).size(), 1u);
}

TEST_P(HistoryStoreTest, ASeriesIsInCommitOrderWhateverTheIngestOrder) {
  for (int i : {3, 1, 2}) {
    IngestOptions options;
    options.ordinal = i;
    ingest({run_file("c" + std::to_string(i), {{"a", 1e-3 * i}}, i)}, options);
  }
  const std::vector<SeriesKey> keys = list_series(*db_, {});
  ASSERT_EQ(keys.size(), 1u);
  EXPECT_EQ(keys[0].suite, "s");
  EXPECT_EQ(keys[0].testbed, "cpu-test-cpu-9000-8cpu");
  const std::vector<SeriesPoint> points = load_series(*db_, keys[0], {});
  ASSERT_EQ(points.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(points[i].commit, "c" + std::to_string(i + 1));
    EXPECT_EQ(points[i].ordinal, i + 1);
    EXPECT_NEAR(points[i].median_s, 1e-3 * (i + 1), 1e-4);
    ASSERT_TRUE(points[i].low_s && points[i].high_s);  // 10 samples: a 95% interval exists
    EXPECT_LE(*points[i].low_s, points[i].median_s);
    EXPECT_GE(*points[i].high_s, points[i].median_s);
    EXPECT_EQ(points[i].sample_count, 10);
  }
}

TEST_P(HistoryStoreTest, PruneKeepsEveryMedianAndThinsOldSamples) {
  ingest_series(10, 11, 1.0, 1.0);
  const PruneSummary s = prune_samples(*db_, 3);
  EXPECT_EQ(s.runs_thinned, 7u);
  EXPECT_EQ(s.samples_deleted, 7u * 2 * 10);
  EXPECT_EQ(count("measurements"), 20);
  EXPECT_EQ(stored_samples(), 3 * 2 * 10);
  // The newest runs are the ones kept whole.
  EXPECT_EQ(count("runs WHERE samples_pruned = 0 AND ordinal >= 8"), 3);
  EXPECT_EQ(prune_samples(*db_, 3).runs_thinned, 0u);
}

TEST_P(HistoryStoreTest, RecentSpreadMeasuresTheRunToRunNoise) {
  ingest_series(20, 21, 1.0, 1.0, 0.03);
  const auto spread = recent_run_spread(*db_, "s", "cpu-test-cpu-9000-8cpu");
  ASSERT_EQ(spread.size(), 2u);
  EXPECT_EQ(spread.at("a").runs, 20u);
  EXPECT_GT(spread.at("a").sd, 0.015);
  EXPECT_LT(spread.at("a").sd, 0.05);
  EXPECT_TRUE(recent_run_spread(*db_, "s", "another-testbed").empty());
  EXPECT_TRUE(recent_run_spread(*db_, "other-suite", "cpu-test-cpu-9000-8cpu").empty());
}

TEST_P(HistoryStoreTest, AStepCountsOnceInTheSpread) {
  // Runs 1% apart with a 50% step in the middle: the step is one large
  // difference, not a spread of 25%.
  ingest_series(20, 11, 1.5, 1.5, 0.01);
  const auto spread = recent_run_spread(*db_, "s", "cpu-test-cpu-9000-8cpu");
  EXPECT_LT(spread.at("a").sd, 0.03);
}

// A comparison file as the gate writes it (comparison_to_json), read by the
// one reader of comparison files; a file the reader refuses stores nothing.
TEST_P(HistoryStoreTest, ComparisonFilesStoreTheGatesVerdicts) {
  Comparison comparison;
  comparison.suite = "s";
  comparison.baseline.git_commit = "base";
  comparison.current = RunInfo{"this run", "2026-11-02T00:00:00Z", "c9", {}};
  comparison.current.device.kind = DeviceKind::cpu;
  comparison.current.device.slug = "cpu-test";
  comparison.baseline.device = comparison.current.device;
  BenchmarkComparison regressed;
  regressed.name = "a";
  regressed.verdict = Verdict::regression;
  regressed.evidence = Evidence{};
  regressed.evidence->ratio = 1.125;
  regressed.evidence->q_value = 0.001;
  BenchmarkComparison unchanged;
  unchanged.name = "b";
  unchanged.verdict = Verdict::no_change;
  comparison.benchmarks = {regressed, unchanged};
  perfgate::testing::write_text(dir_ / "c.comparison.json", comparison_to_json(comparison, 1));
  const IngestSummary s = ingest({dir_ / "c.comparison.json"});
  EXPECT_EQ(s.comparisons_added, 1u);
  EXPECT_EQ(s.verdicts, 2u);
  EXPECT_EQ(ingest({dir_ / "c.comparison.json"}).comparisons_present, 1u);
  const auto rows = db_->query("SELECT verdict, change_pct, testbed, commit_sha, q_value FROM verdicts WHERE benchmark = ?",
                               {std::string("a")});
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(std::get<std::string>(rows[0][0]), "REGRESSION");
  EXPECT_NEAR(std::get<double>(rows[0][1]), 12.5, 1e-9);
  EXPECT_EQ(std::get<std::string>(rows[0][2]), "cpu-test");
  EXPECT_EQ(std::get<std::string>(rows[0][3]), "c9");
  EXPECT_DOUBLE_EQ(std::get<double>(rows[0][4]), 0.001);

  // What the gate's own reader refuses, the history refuses too: a verdict
  // that is no verdict, in a file otherwise like the one above.
  nlohmann::json bad = nlohmann::json::parse(comparison_to_json(comparison, 1));
  bad["benchmarks"][1]["verdict"] = "MAYBE";
  perfgate::testing::write_text(dir_ / "bad.comparison.json", bad.dump());
  try {
    ingest({dir_ / "bad.comparison.json"});
    ADD_FAILURE() << "a comparison with an unknown verdict was stored";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("bad.comparison.json"), std::string::npos) << e.what();
  }
}

// The dashboard's query: many series in one, each as load_series gives it.
TEST_P(HistoryStoreTest, ABatchOfSeriesIsEachSeriesAsLoadedAlone) {
  ingest_series(12, 7, 1.20, 0.70);
  std::vector<SeriesKey> keys = list_series(*db_, {});
  ASSERT_EQ(keys.size(), 2u);
  keys.insert(keys.begin() + 1, SeriesKey{keys[0].suite, keys[0].testbed, "never-measured"});
  const std::vector<std::vector<SeriesPoint>> batch = load_series_batch(*db_, keys, {});
  ASSERT_EQ(batch.size(), 3u);
  EXPECT_TRUE(batch[1].empty());
  for (std::size_t k : {0u, 2u}) {
    const std::vector<SeriesPoint> alone = load_series(*db_, keys[k], {});
    ASSERT_EQ(batch[k].size(), alone.size()) << keys[k].benchmark;
    for (std::size_t i = 0; i < alone.size(); ++i) {
      EXPECT_EQ(batch[k][i].run_id, alone[i].run_id);
      EXPECT_EQ(batch[k][i].ordinal, alone[i].ordinal);
      EXPECT_EQ(batch[k][i].median_s, alone[i].median_s);
      EXPECT_EQ(batch[k][i].low_s, alone[i].low_s);
      EXPECT_EQ(batch[k][i].sample_count, alone[i].sample_count);
    }
  }
  EXPECT_EQ(batch[0].front().ordinal, 1);
  EXPECT_EQ(batch[2].back().commit, "c12");
  EXPECT_TRUE(load_series_batch(*db_, {}, {}).empty());
}

TEST_P(HistoryStoreTest, TheRunSpanCountsMainRunsAndTheirDates) {
  EXPECT_EQ(run_span(*db_, {}).runs, 0) << "no store yet";
  ingest_series(5, 6, 1.0, 1.0);
  IngestOptions pr;
  pr.kind = "pr";
  ingest({run_file("pr1", {{"a", 1e-3}}, 900)}, pr);
  const RunSpan span = run_span(*db_, {});
  EXPECT_EQ(span.runs, 5);
  EXPECT_EQ(span.first_utc, "2026-11-01T00:00:00Z");
  EXPECT_EQ(span.last_utc, "2026-11-01T00:00:00Z");
  SeriesFilter elsewhere;
  elsewhere.testbed = "no-such-testbed";
  EXPECT_EQ(run_span(*db_, elsewhere).runs, 0);
}

INSTANTIATE_TEST_SUITE_P(Engines, HistoryStoreTest, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace perfgate::history
