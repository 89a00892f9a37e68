// `perfgate history` end to end: the program on SQLite files (everywhere)
// and on the private PostgreSQL server, bad input, concurrent ingests, and a
// suite binary that records itself and takes its spread from the history.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "perfgate/history/history_schema.hpp"
#include "perfgate/history/ingest.hpp"
#include "perfgate/history/run_spread.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/sql/sql_connection.hpp"
#include "perfgate/stats/summary.hpp"
#include "postgres_cluster.hpp"
#include "results_builder.hpp"
#include "shell.hpp"
#include "test_database.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::lognormal_samples;
using testing::PostgresCluster;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;

CommandResult perfgate(const std::string& args) { return run_shell(shell_word(PERFGATE_CLI) + " " + args); }

// Run i of a suite "s" with benchmarks "a" (1 ms, 25% slower from run
// `step_at` on) and "b" (2 ms, unchanged), 10 samples at 1% noise.
fs::path series_file(const fs::path& folder, int i, int step_at) {
  const double a = 1e-3 * (i >= step_at ? 1.25 : 1.0);
  Results r = testing::results("s", {testing::benchmark("a", lognormal_samples(a, 0.01, 10, 10 * i)),
                                     testing::benchmark("b", lognormal_samples(2e-3, 0.01, 10, 10 * i + 1))});
  r.source.git_commit = "commit" + std::to_string(i);
  r.created_utc = "2026-11-01T00:00:00Z";
  const fs::path file = folder / ("run" + std::to_string(i) + ".json");
  save_results(r, file);
  return file;
}

// Ingests runs 1..n one by one, ordinal i; every call must succeed.
void ingest_series(const std::string& db, const fs::path& folder, int n, int step_at) {
  for (int i = 1; i <= n; ++i) {
    const auto r = perfgate("history ingest --history " + shell_word(db) + " --ordinal " + std::to_string(i) + " " +
                            shell_word(series_file(folder, i, step_at).string()));
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }
}

nlohmann::json changes_json(const std::string& db, const fs::path& out) {
  const auto r = perfgate("history changes --history " + shell_word(db) + " --json " + shell_word(out.string()));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return nlohmann::json::parse(read_text(out));
}

void expect_one_step_at_commit20(const nlohmann::json& doc) {
  ASSERT_EQ(doc.at("changes").size(), 1u) << doc.dump();
  const nlohmann::json& c = doc["changes"][0];
  EXPECT_EQ(c.at("benchmark"), "a");
  EXPECT_EQ(c.at("commit"), "commit20");
  EXPECT_EQ(c.at("ordinal"), 20);
  EXPECT_EQ(c.at("testbed"), "cpu-test-cpu-9000-8cpu");
  EXPECT_NEAR(c.at("before_s").get<double>(), 1e-3, 2e-5);
  EXPECT_NEAR(c.at("after_s").get<double>(), 1.25e-3, 3e-5);
  EXPECT_NEAR(c.at("change_pct").get<double>(), 25.0, 2.0);
  EXPECT_LT(c.at("p_value").get<double>(), 1e-3);
}

// Run i of suite "s" whose benchmark "a" (1 ms) is 25% slower for runs
// 20..29 only (a regression fixed ten runs later) and "b" never moves.
fs::path bump_file(const fs::path& folder, int i) {
  const double a = 1e-3 * (i >= 20 && i < 30 ? 1.25 : 1.0);
  Results r = testing::results("s", {testing::benchmark("a", lognormal_samples(a, 0.01, 10, 10 * i)),
                                     testing::benchmark("b", lognormal_samples(2e-3, 0.01, 10, 10 * i + 1))});
  r.source.git_commit = "commit" + std::to_string(i);
  r.created_utc = "2026-11-01T00:00:00Z";
  const fs::path file = folder / ("bump" + std::to_string(i) + ".json");
  save_results(r, file);
  return file;
}

// Ingests bump runs 1..40, ordinal i; every call must succeed.
void ingest_bump_series(const std::string& db, const fs::path& folder) {
  for (int i = 1; i <= 40; ++i) {
    const auto r = perfgate("history ingest --history " + shell_word(db) + " --ordinal " + std::to_string(i) + " " +
                            shell_word(bump_file(folder, i).string()));
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }
}

std::int64_t stored_answers(const std::string& db) {
  return std::get<std::int64_t>(sql::open_database(db)->query("SELECT COUNT(*) FROM triage_answers").at(0).at(0));
}

// Issue 43: `history changes --fail-on regression` is the alert of a
// scheduled job: exit 1 while a slower change stands, 0 on a clean history
// or once the regression is undone; --since (a commit or a date) asks only
// about the changes after it, the series still judged whole.
CommandResult alert(const std::string& db, const std::string& flags) {
  return perfgate("history changes --fail-on regression --history " + shell_word(db) + " " + flags);
}

// Issue 45: the alert starts from events: one commit that slowed three
// series is one line before the count, and its event in --json says how
// many of its series stand as regressions.
// 30 runs of suite "s": "a", "b" and "c" 30% slower from run 20 on, "d"
// unchanged; with `swap`, from run 20 on on another machine under the same
// --testbed name.
void ingest_three_steps(const std::string& db, const fs::path& folder, bool swap) {
  for (int i = 1; i <= 30; ++i) {
    std::vector<BenchmarkResult> cases;
    for (const char* name : {"a", "b", "c"})
      cases.push_back(testing::benchmark(name, lognormal_samples(1e-3 * (i >= 20 ? 1.3 : 1.0), 0.01, 10, 10 * i + name[0])));
    cases.push_back(testing::benchmark("d", lognormal_samples(2e-3, 0.01, 10, 10 * i)));
    Results r = testing::results("s", cases, testing::test_cpu(swap && i >= 20 ? "Other CPU 7000" : "Test CPU 9000"));
    r.source.git_commit = "commit" + std::to_string(i);
    r.created_utc = "2026-11-01T00:00:00Z";
    const fs::path file = folder / ("run" + std::to_string(i) + ".json");
    save_results(r, file);
    const auto ingested = perfgate("history ingest --testbed ci-runner --force --history " + shell_word(db) +
                                   " --ordinal " + std::to_string(i) + " " + shell_word(file.string()));
    ASSERT_EQ(ingested.exit_code, 0) << ingested.output;
  }
}

TEST(HistoryCli, TheAlertStartsFromTheEventThatHoldsItsRegressions) {
  TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  ingest_three_steps(db, dir.path(), false);
  const auto run = alert(db, "--json " + shell_word((dir / "alert.json").string()) + " 2>&1");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  const auto line = run.output.find("perfgate: alert: commit commit20 (ordinal 20) on ci-runner: 3 "
                                    "regression(s) standing among its 3 series, median +30.");
  EXPECT_NE(line, std::string::npos) << run.output;
  EXPECT_LT(line, run.output.find("3 regression(s) not undone (0 outside the events above): exit 1")) << run.output;
  const nlohmann::json doc = nlohmann::json::parse(read_text(dir / "alert.json"));
  ASSERT_EQ(doc.at("events").size(), 1u) << doc.dump();
  EXPECT_EQ(doc["events"][0].at("standing_regressions"), 3);
}

// The same steps where the runner was swapped at run 20: one event of the
// environment, naming both machines, and no alert.
TEST(HistoryCli, StepsUnderASwappedRunnerAreTheEnvironmentsAndRaiseNoAlert) {
  TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  ingest_three_steps(db, dir.path(), true);
  const auto run = alert(db, "--json " + shell_word((dir / "swap.json").string()) + " 2>&1");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("  commit commit20 (ordinal 20), where the runner changed: cpu-test-cpu-9000 (Test CPU 9000) "
                            "-> cpu-other-cpu-7000 (Other CPU 7000) on ci-runner: 3 series"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("3 change(s) coincide with a new runner"), std::string::npos) << run.output;
  const nlohmann::json doc = nlohmann::json::parse(read_text(dir / "swap.json"));
  ASSERT_EQ(doc.at("events").size(), 1u) << doc.dump();
  EXPECT_EQ(doc["events"][0].at("kind"), "environment");
  EXPECT_EQ(doc.at("standing_regressions"), 0);
  for (const nlohmann::json& c : doc.at("changes")) EXPECT_EQ(c.at("cause"), "environment") << c.dump();
}

TEST(HistoryCli, FailOnRegressionExitsOneWhileASlowerStepStandsAfterSince) {
  TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  ingest_series(db, dir.path(), 40, 20);
  const auto standing = alert(db, "--json " + shell_word((dir / "alert.json").string()));
  EXPECT_EQ(standing.exit_code, 1) << standing.output;
  EXPECT_NE(standing.output.find("1 regression(s) not undone: exit 1 (--fail-on regression)"), std::string::npos)
      << standing.output;
  const nlohmann::json doc = nlohmann::json::parse(read_text(dir / "alert.json"));
  expect_one_step_at_commit20(doc);
  EXPECT_EQ(doc.at("standing_regressions"), 1);
  EXPECT_TRUE(doc.at("since").is_null());
  // The commit before the step: the step is new.  The step's own commit
  // and any later one: nothing new, exit 0, though the series is judged whole.
  const auto before = alert(db, "--since commit19");
  EXPECT_EQ(before.exit_code, 1) << before.output;
  EXPECT_NE(before.output.find("1 change(s) since commit19"), std::string::npos) << before.output;
  for (const std::string rev : {"commit20", "commit33"}) {
    const auto past = alert(db, "--since " + rev + " --json " + shell_word((dir / "past.json").string()));
    EXPECT_EQ(past.exit_code, 0) << rev << ": " << past.output;
    EXPECT_NE(past.output.find("0 change(s) since " + rev), std::string::npos) << past.output;
    const nlohmann::json after = nlohmann::json::parse(read_text(dir / "past.json"));
    EXPECT_EQ(after.at("since"), rev);
    EXPECT_EQ(after.at("standing_regressions"), 0);
    EXPECT_TRUE(after.at("changes").empty()) << after.dump();
  }
  // Dates: every run of this history is dated 2026-11-01.
  EXPECT_EQ(alert(db, "--since 2026-11-01").exit_code, 1);
  EXPECT_EQ(alert(db, "--since 2026-11-02").exit_code, 0);
  // Without --fail-on the same history is a report: exit 0.
  const auto report = perfgate("history changes --history " + shell_word(db));
  EXPECT_EQ(report.exit_code, 0) << report.output;
}

TEST(HistoryCli, FailOnRegressionPassesACleanHistoryAndAnUndoneRegression) {
  TempDir dir;
  const std::string clean = (dir / "clean.sqlite").string();
  ingest_series(clean, dir.path(), 30, 1000);
  const auto quiet = alert(clean, "");
  EXPECT_EQ(quiet.exit_code, 0) << quiet.output;
  EXPECT_NE(quiet.output.find("perfgate: 0 change(s) in 2 series"), std::string::npos) << quiet.output;
  // A regression at commit20 that commit30 took back: nothing stands.
  const std::string bumped = (dir / "bump.sqlite").string();
  ingest_bump_series(bumped, dir.path());
  const auto undone = alert(bumped, "");
  EXPECT_EQ(undone.exit_code, 0) << undone.output;
  EXPECT_NE(undone.output.find("undone at commit30"), std::string::npos) << undone.output;
}

TEST(HistoryCli, SinceThatNamesNoCommitOrTooManyIsOneLineAndExitTwo) {
  TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  ingest_series(db, dir.path(), 12, 1000);
  const auto unknown = alert(db, "--since deadbeef");
  EXPECT_EQ(unknown.exit_code, 2) << unknown.output;
  EXPECT_NE(unknown.output.find("--since 'deadbeef': neither a date (YYYY-MM-DD) nor the commit of a main-line run"),
            std::string::npos)
      << unknown.output;
  const auto ambiguous = alert(db, "--since commit1");  // commit1, commit10, commit11, commit12
  EXPECT_EQ(ambiguous.exit_code, 2) << ambiguous.output;
  EXPECT_NE(ambiguous.output.find("names 4 commits of the history"), std::string::npos) << ambiguous.output;
  EXPECT_EQ(alert(db, "--since 2026-13-45").exit_code, 2);
  EXPECT_EQ(perfgate("history changes --fail-on improvement --history " + shell_word(db)).exit_code, 2);
}

// A bump's two edges, each with its shape, the first naming the change that
// undoes it; the answers are kept, read back unchanged, and --full (every
// series recomputed) says the same.
TEST(HistoryCli, ChangesNameTheShapeAndTheUndoingChangeAndKeepTheirAnswers) {
  TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  ingest_bump_series(db, dir.path());
  const auto r = perfgate("history changes --history " + shell_word(db) + " --json " + shell_word((dir / "first.json").string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("undone at commit30"), std::string::npos) << r.output;
  const nlohmann::json first = nlohmann::json::parse(read_text(dir / "first.json"));
  ASSERT_EQ(first.at("changes").size(), 2u) << first.dump();
  const nlohmann::json& up = first["changes"][0];  // regressions first
  const nlohmann::json& down = first["changes"][1];
  EXPECT_EQ(up.at("commit"), "commit20");
  EXPECT_EQ(up.at("shape"), "step");
  EXPECT_EQ(up.at("end_commit"), "commit20");
  EXPECT_EQ(up.at("undone_by").at("commit"), "commit30");
  EXPECT_EQ(up.at("undone_by").at("ordinal"), 30);
  EXPECT_EQ(down.at("commit"), "commit30");
  EXPECT_TRUE(down.at("undone_by").is_null());
  EXPECT_EQ(stored_answers(db), 2);
  // Read back as stored, then recomputed whole: the same document.
  EXPECT_EQ(changes_json(db, dir / "second.json"), first);
  const auto full = perfgate("history changes --full --history " + shell_word(db) + " --json " + shell_word((dir / "full.json").string()));
  ASSERT_EQ(full.exit_code, 0) << full.output;
  EXPECT_EQ(nlohmann::json::parse(read_text(dir / "full.json")), first);
}

// Issue 45 items 2 and 6: six commits measured five times each (a CI that
// reruns its jobs), "a" 25% slower from the third rerun of commit c4 on:
// the machine moved while c4 was measured, so the change is the
// environment's, with its runs' dates, and no alert fails on it.  Ingest
// says which runs repeat a commit and which arrive late.
fs::path rerun_file(const fs::path& folder, int commit, int rerun, const std::string& name = "") {
  const int run = 5 * (commit - 1) + rerun;  // 0 .. 29
  const double level = run >= 17 ? 1.25 : 1.0;
  Results r = testing::results("s", {testing::benchmark("a", lognormal_samples(1e-3 * level, 0.01, 10, 7 * run + 3)),
                                     testing::benchmark("b", lognormal_samples(2e-3 * level, 0.01, 10, 7 * run + 4)),
                                     testing::benchmark("c", lognormal_samples(3e-3 * level, 0.01, 10, 7 * run + 5))});
  r.source.git_commit = name.empty() ? "c" + std::to_string(commit) : name;
  r.created_utc = "2026-11-" + std::to_string(10 + commit) + "T0" + std::to_string(rerun) + ":00:00Z";
  const fs::path file = folder / ("c" + std::to_string(commit) + "-" + std::to_string(rerun) + name + ".json");
  save_results(r, file);
  return file;
}

TEST(HistoryCli, AStepBetweenRerunsOfOneCommitIsTheEnvironmentAndIngestSaysWhatItTook) {
  const TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  for (int commit = 1; commit <= 6; ++commit)
    for (int rerun = 0; rerun < 5; ++rerun) {
      const auto r = perfgate("history ingest --history " + shell_word(db) + " --ordinal " + std::to_string(commit) +
                              " " + shell_word(rerun_file(dir.path(), commit, rerun).string()));
      ASSERT_EQ(r.exit_code, 0) << r.output;
      EXPECT_EQ(r.output.find("arrived late"), std::string::npos) << "a rerun at a later date is not late: " << r.output;
      const bool says_repeat = r.output.find("1 run(s) measured a commit the history had measured") != std::string::npos;
      EXPECT_EQ(says_repeat, rerun > 0) << r.output;
    }
  const nlohmann::json doc = changes_json(db, dir / "changes.json");
  ASSERT_EQ(doc.at("changes").size(), 3u) << doc.dump();
  for (const nlohmann::json& c : doc.at("changes")) {
    EXPECT_EQ(c.at("cause"), "environment") << c.dump();
    EXPECT_EQ(c.at("commit"), "c4");
    EXPECT_EQ(c.at("before_created_utc"), "2026-11-14T01:00:00Z") << "the last run at the old level";
    EXPECT_EQ(c.at("created_utc"), "2026-11-14T02:00:00Z") << "the first at the new one";
  }
  EXPECT_EQ(doc.at("standing_regressions"), 0) << "no commit can fix the machine";
  // The three series moved together: one event, the environment's.
  ASSERT_EQ(doc.at("events").size(), 1u) << doc.dump();
  const nlohmann::json& event = doc["events"][0];
  EXPECT_EQ(event.at("kind"), "environment");
  EXPECT_EQ(event.at("series"), 3);
  EXPECT_EQ(event.at("slower"), 3);
  EXPECT_NEAR(event.at("median_change_pct").get<double>(), 25.0, 2.0);
  EXPECT_EQ(event.at("benchmarks").size(), 3u);
  const auto text = perfgate("history changes --history " + shell_word(db));
  EXPECT_NE(text.output.find("perfgate: 1 event(s) moved 3 or more series together:\n  reruns of c4 between "
                             "2026-11-14T01:00:00Z and 2026-11-14T02:00:00Z on "),
            std::string::npos)
      << text.output;
  EXPECT_NE(text.output.find(": 3 series, median +"), std::string::npos) << text.output;
  EXPECT_NE(text.output.find("(3 slower, 0 faster): environment (the machine moved, not the code)"), std::string::npos)
      << text.output;
  EXPECT_LT(text.output.find("event(s) moved"), text.output.find("benchmark  testbed")) << "events first";
  EXPECT_NE(text.output.find("reruns of c4"), std::string::npos) << text.output;
  EXPECT_NE(text.output.find("3 change(s) lie between reruns of one commit: the machine moved, not the code"),
            std::string::npos)
      << text.output;
  EXPECT_EQ(alert(db, "").exit_code, 0) << "an environment change is no standing regression";
  // A run of a new commit at an ordinal the series has passed: late.
  const auto late = perfgate("history ingest --history " + shell_word(db) + " --ordinal 2 " +
                             shell_word(rerun_file(dir.path(), 2, 9, "c2-fixup").string()));
  ASSERT_EQ(late.exit_code, 0) << late.output;
  EXPECT_NE(late.output.find("1 run(s) arrived late: a run already in the history has a later ordinal"),
            std::string::npos)
      << late.output;
  EXPECT_EQ(late.output.find("measured a commit the history had measured"), std::string::npos) << late.output;
}

TEST(HistoryCli, IngestChangesShowAndPruneOnSqlite) {
  TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  ingest_series(db, dir.path(), 30, 20);
  expect_one_step_at_commit20(changes_json(db, dir / "changes.json"));
  const auto shown = perfgate("history show a --history " + shell_word(db));
  ASSERT_EQ(shown.exit_code, 0) << shown.output;
  EXPECT_NE(shown.output.find("30 run(s)"), std::string::npos) << shown.output;
  EXPECT_LT(shown.output.find("commit19"), shown.output.find("commit20")) << shown.output;
  EXPECT_NE(shown.output.find("1.25 ms"), std::string::npos) << shown.output;
  const auto pruned = perfgate("history prune --keep-samples 5 --history " + shell_word(db));
  ASSERT_EQ(pruned.exit_code, 0) << pruned.output;
  EXPECT_NE(pruned.output.find("25 run(s) (500 samples)"), std::string::npos) << pruned.output;
  // The trend is made of medians: the triage is the same after pruning.
  expect_one_step_at_commit20(changes_json(db, dir / "after-prune.json"));
}

TEST(HistoryCli, TheDatabaseComesFromTheEnvironmentWithoutDb) {
  TempDir dir;
  const std::string db = (dir / "env.sqlite").string();
  const auto r = run_shell("PERFGATE_HISTORY=" + shell_word(db) + " " + shell_word(PERFGATE_CLI) +
                           " history ingest " + shell_word(series_file(dir.path(), 1, 99).string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(fs::exists(db));
}

// One line, exit 2, the store byte for byte as it was.
void expect_refused(const std::string& args, const std::string& db, const std::string& says) {
  const std::string before = fs::exists(db) ? read_text(db) : "";
  const auto r = perfgate(args);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(testing::count_occurrences(r.output, "\n"), 1u) << r.output;
  EXPECT_NE(r.output.find(says), std::string::npos) << r.output;
  EXPECT_EQ(fs::exists(db) ? read_text(db) : "", before) << "the store changed";
}

TEST(HistoryCli, BadInputIsOneLineExitTwoAndTheStoreUnchanged) {
  TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  ingest_series(db, dir.path(), 3, 99);
  testing::write_text(dir / "broken.json", "{\"benchmarks\": [");
  const std::string good = series_file(dir.path(), 4, 99).string();
  expect_refused("history ingest --history " + shell_word(db) + " " + shell_word(good) + " " + shell_word((dir / "broken.json").string()),
                 db, "broken.json");
  expect_refused("history ingest --kind nightly --history " + shell_word(db) + " " + shell_word(good), db, "--kind=nightly");
  expect_refused("history changes --benchmark '(' --history " + shell_word(db), db, "--benchmark");
  // A testbed's name is refused as a testbed's, not a suite's (issue 41).
  for (const std::string command : {"history ingest " + shell_word(good) + " --testbed", std::string("history changes --testbed"),
                                    std::string("history show a --testbed")}) {
    expect_refused(command + " '../x' --history " + shell_word(db), db, "testbed name '../x' must use only letters");
    EXPECT_EQ(perfgate(command + " '../x' --history " + shell_word(db)).output.find("suite"), std::string::npos);
  }
  expect_refused("history ingest " + shell_word(good) + " --testbed .. --history " + shell_word(db), db,
                 "testbed name '..' is '..', which names a folder");
  expect_refused("history show nothing-like-it --history " + shell_word(db), db, "no main run of benchmark");
  expect_refused("history show a --history " + shell_word((dir / "missing.sqlite").string()), (dir / "missing.sqlite").string(),
                 "no history there");
  {
    const auto store = sql::open_database(db);
    store->query("UPDATE perfgate_history SET schema_version = ?", {std::int64_t{history::kHistorySchemaVersion + 1}});
  }
  expect_refused("history ingest --history " + shell_word(db) + " " + shell_word(good), db,
                 "schema version " + std::to_string(history::kHistorySchemaVersion + 1) + " is newer");
  const std::string unreachable = "postgresql://perfgate:s3cret@/perfgate?host=" + (dir / "no-server").string();
  const auto r = perfgate("history ingest --history " + shell_word(unreachable) + " " + shell_word(good));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(testing::count_occurrences(r.output, "\n"), 1u) << r.output;
  EXPECT_EQ(r.output.find("s3cret"), std::string::npos) << "the password was printed: " << r.output;
}

// Runs `commands` at once in one shell and waits for each: the exit code is
// the first non-zero one of theirs (a bare `wait` would be 0 whatever they
// did).
testing::CommandResult run_all_at_once(const std::vector<std::string>& commands) {
  std::string script = "pids=''; ";
  for (const std::string& command : commands) script += command + " & pids=\"$pids $!\"; ";
  script += "status=0; for pid in $pids; do wait $pid; code=$?; [ $status -ne 0 ] || status=$code; done; exit $status";
  return run_shell(script);
}

// Writers of one SQLite file wait for each other: nothing is lost.
TEST(HistoryCli, ConcurrentIngestsIntoSqliteAreSerialized) {
  TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  std::vector<std::string> commands;
  for (int writer = 0; writer < 4; ++writer) {
    std::string files;
    for (int i = 1; i <= 5; ++i) files += " " + shell_word(series_file(dir.path(), 10 * writer + i, 99).string());
    commands.push_back(shell_word(PERFGATE_CLI) + " history ingest --history " + shell_word(db) + files + " > " +
                       shell_word((dir / ("w" + std::to_string(writer) + ".log")).string()) + " 2>&1");
  }
  const auto r = run_all_at_once(commands);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (int writer = 0; writer < 4; ++writer)
    EXPECT_NE(read_text(dir / ("w" + std::to_string(writer) + ".log")).find("5 run(s) added"), std::string::npos)
        << read_text(dir / ("w" + std::to_string(writer) + ".log"));
  const auto store = sql::open_database(db);
  EXPECT_EQ(std::get<std::int64_t>(store->query("SELECT COUNT(*) FROM runs").at(0).at(0)), 20);
  EXPECT_EQ(std::get<std::int64_t>(store->query("SELECT CAST(SUM(sample_count) AS BIGINT) FROM sample_sets").at(0).at(0)), 20 * 2 * 10);
}

// A suite binary judges by the spread its history shows, and records
// itself.  The history's five runs are planted (this machine's run, stored
// five times at 1, 1.09, 1, 1.09, 1 times its times): their spread is known
// exactly and below the 10% the gate believes, so the gate must use it.
TEST(HistoryCli, ASuiteRunTakesItsSpreadFromTheHistoryAndRecordsItself) {
  TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  const std::string suite = shell_word(PERFGATE_HOST_SUITE) + " --benchmark_filter='^cpu_gemm/naive/256' "
                            "--benchmark_repetitions=5 --perfgate_history=" + shell_word(db);
  const auto measured = run_shell(shell_word(PERFGATE_HOST_SUITE) + " --benchmark_filter='^cpu_gemm/naive/256' "
                                  "--benchmark_repetitions=5 --perfgate_mode=record --perfgate_results=" +
                                  shell_word((dir / "r0.json").string()));
  ASSERT_EQ(measured.exit_code, 0) << measured.output;
  const Results here = load_results(dir / "r0.json");
  const std::vector<double> factors{1.0, 1.09, 1.0, 1.09, 1.0};
  std::vector<double> log_medians;
  {
    const auto store = sql::open_database(db, sql::Access::create);
    history::ensure_schema(*store);
    for (std::size_t i = 0; i < factors.size(); ++i) {
      Results run = here;
      for (BenchmarkResult& b : run.benchmarks)
        for (double& sample : b.samples) sample *= factors[i];
      run.source.git_commit = "c" + std::to_string(i + 1);
      run.created_utc = "2026-01-0" + std::to_string(i + 1) + "T00:00:00Z";
      history::ingest_results(*store, run, "planted run", history::IngestOptions{});
      log_medians.push_back(std::log(factors[i] * stats::median(here.benchmarks.at(0).samples)));
    }
  }
  const double planted_sd = history::successive_difference_sd(log_medians);
  ASSERT_GT(planted_sd, 0.05);
  ASSERT_LT(planted_sd, 0.10);  // believed (kMaxHistoryRunSpread)
  const auto gated = run_shell("PERFGATE_GIT_COMMIT=c6 " + suite + " --perfgate_baseline=" + shell_word((dir / "r0.json").string()) +
                               " --perfgate_json=" + shell_word((dir / "c.json").string()));
  ASSERT_TRUE(gated.exit_code == 0 || gated.exit_code == 1) << gated.output;
  EXPECT_NE(gated.output.find("run recorded in the history"), std::string::npos) << gated.output;
  const nlohmann::json comparison = nlohmann::json::parse(read_text(dir / "c.json"));
  const nlohmann::json& spread = comparison.at("benchmarks").at(0).at("evidence").at("run_spread");
  // Used: the history's spread, not the floor, the baseline's one round or
  // this run's own noise (a 9% spread is above what a run disturbed by the
  // load would add, sqrt(cv_cur^2 - cv_base^2), unless its repetitions spread
  // over 9% robust CV).
  EXPECT_EQ(spread.at("source"), "history") << comparison.dump();
  EXPECT_EQ(spread.at("runs"), 5) << comparison.dump();
  EXPECT_NEAR(spread.at("sd").get<double>(), planted_sd, 1e-9) << comparison.dump();
  EXPECT_FALSE(spread.contains("implausible_history_sd")) << comparison.dump();
  EXPECT_NE(comparison.at("notes").dump().find("run-to-run spread from the history"), std::string::npos);
  const auto store = sql::open_database(db);
  EXPECT_EQ(std::get<std::int64_t>(store->query("SELECT COUNT(*) FROM runs").at(0).at(0)), 6);
  // A bad kind stops the run before it measures.
  const auto bad = run_shell(suite + " --perfgate_history_kind=nightly");
  EXPECT_EQ(bad.exit_code, 2) << bad.output;
}

// The run's place in the main line, for the history's commit order: a
// number given, or git's count of the main line up to the commit under test
// (refused in a shallow clone, whose count is its depth); a bad value stops
// the run before it measures.
TEST(HistoryCli, ASuiteRunRecordsTheOrdinalItIsGivenOrThatGitCounts) {
  TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  const std::string suite = shell_word(PERFGATE_HOST_SUITE) + " --benchmark_filter='^cpu_gemm/naive/256' "
                            "--benchmark_repetitions=2 --perfgate_mode=record --perfgate_results=" +
                            shell_word((dir / "r.json").string()) + " --perfgate_history=" + shell_word(db);
  const auto given = run_shell("PERFGATE_GIT_COMMIT=c1 " + suite + " --perfgate_history_ordinal=42");
  ASSERT_EQ(given.exit_code, 0) << given.output;
  EXPECT_NE(given.output.find("(main, ordinal 42, "), std::string::npos) << given.output;
  const auto ordinal_of = [&](const std::string& commit) {
    const auto rows = sql::open_database(db)->query("SELECT ordinal FROM runs WHERE commit_sha = ?", {commit});
    return rows.size() == 1 && std::holds_alternative<std::int64_t>(rows[0][0]) ? std::get<std::int64_t>(rows[0][0]) : -1;
  };
  EXPECT_EQ(ordinal_of("c1"), 42);

  const std::string git = "git -C " + shell_word(PERFGATE_SOURCE_ROOT) + " ";
  const auto head = run_shell(git + "rev-parse HEAD");
  if (head.exit_code != 0) GTEST_SKIP() << "perfgate's sources are no git checkout here: " << head.output;
  const std::string commit = head.output.substr(0, head.output.find('\n'));
  const bool shallow = run_shell(git + "rev-parse --is-shallow-repository").output.rfind("true", 0) == 0;
  const auto counted = run_shell("PERFGATE_GIT_COMMIT=" + commit + " " + suite + " --perfgate_history_ordinal=git");
  if (shallow) {
    EXPECT_EQ(counted.exit_code, 2) << counted.output;
    EXPECT_NE(counted.output.find("is a shallow clone"), std::string::npos) << counted.output;
  } else {
    ASSERT_EQ(counted.exit_code, 0) << counted.output;
    const auto count = run_shell(git + "rev-list --count HEAD");
    EXPECT_EQ(ordinal_of(commit), std::stoll(count.output)) << counted.output;
  }
  const auto unknown = run_shell("PERFGATE_GIT_COMMIT=0123456789abcdef0123456789abcdef01234567 " + suite +
                                 " --perfgate_history_ordinal=git");
  EXPECT_EQ(unknown.exit_code, 2) << unknown.output;
  EXPECT_NE(unknown.output.find("--perfgate_history_ordinal=git: "), std::string::npos) << unknown.output;
  for (const char* bad : {"-1", "seven", "1e3"}) {
    const auto refused = run_shell(suite + " --perfgate_history_ordinal=" + bad);
    EXPECT_EQ(refused.exit_code, 2) << refused.output;
    EXPECT_NE(refused.output.find("--perfgate_history_ordinal"), std::string::npos) << refused.output;
    EXPECT_EQ(refused.output.find("run recorded"), std::string::npos) << refused.output;
  }
  // perfgate run checks its --ordinal before ctest starts, and wants a history.
  for (const std::string& args : {std::string("run --history ") + shell_word(db) + " --ordinal seven",
                                  std::string("run --ordinal 7")}) {
    const auto refused = perfgate(args + " --build-dir " + shell_word(dir.path().string()));
    EXPECT_EQ(refused.exit_code, 2) << refused.output;
    EXPECT_NE(refused.output.find("--ordinal"), std::string::npos) << refused.output;
  }
}

class HistoryCliPostgres : public ::testing::Test {
 protected:
  void SetUp() override {
    const PostgresCluster& cluster = PostgresCluster::shared();
    if (!cluster.running()) GTEST_SKIP() << cluster.skip_reason();
    url_ = cluster.url();
    sql::open_database(url_)->execute_script(
        perfgate::testing::kDropHistoryTables);
  }
  std::string url_;
};

// The same series gives the same triage on PostgreSQL as on SQLite.
TEST_F(HistoryCliPostgres, SameSeriesSameChangesAsSqlite) {
  TempDir dir;
  ingest_series(url_, dir.path(), 30, 20);
  ingest_series((dir / "h.sqlite").string(), dir.path(), 30, 20);
  const nlohmann::json server = changes_json(url_, dir / "pg.json");
  expect_one_step_at_commit20(server);
  EXPECT_EQ(server, changes_json((dir / "h.sqlite").string(), dir / "sqlite.json"));
  // The alert's commit lookup (issue 43) on the server: the step is after
  // commit19, not after commit20; a prefix of several commits is refused.
  EXPECT_EQ(alert(url_, "--since commit19").exit_code, 1);
  EXPECT_EQ(alert(url_, "--since commit20").exit_code, 0);
  const auto ambiguous = alert(url_, "--since commit2");
  EXPECT_EQ(ambiguous.exit_code, 2) << ambiguous.output;
  EXPECT_NE(ambiguous.output.find("names 11 commits of the history"), std::string::npos) << ambiguous.output;
}

// Many ingests at once into one server all land.
TEST_F(HistoryCliPostgres, ManyIngestsAtOnceAllLand) {
  TempDir dir;
  std::vector<std::string> commands;
  for (int writer = 0; writer < 8; ++writer) {
    std::string files;
    for (int i = 1; i <= 3; ++i) files += " " + shell_word(series_file(dir.path(), 10 * writer + i, 99).string());
    commands.push_back(shell_word(PERFGATE_CLI) + " history ingest --history " + shell_word(url_) + files + " > " +
                       shell_word((dir / ("w" + std::to_string(writer) + ".log")).string()) + " 2>&1");
  }
  const int status = run_all_at_once(commands).exit_code;
  std::string logs;
  for (int writer = 0; writer < 8; ++writer) logs += read_text(dir / ("w" + std::to_string(writer) + ".log"));
  ASSERT_EQ(status, 0) << logs;
  for (int writer = 0; writer < 8; ++writer)
    EXPECT_NE(read_text(dir / ("w" + std::to_string(writer) + ".log")).find("3 run(s) added"), std::string::npos)
        << read_text(dir / ("w" + std::to_string(writer) + ".log"));
  const auto store = sql::open_database(url_);
  EXPECT_EQ(std::get<std::int64_t>(store->query("SELECT COUNT(*) FROM runs").at(0).at(0)), 24);
}

}  // namespace
}  // namespace perfgate
