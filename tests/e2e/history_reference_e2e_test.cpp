// The history as the gate's reference (issue 27 items 1 and 2): the last K
// main runs of a suite on a testbed as baseline rounds, on SQLite and the
// private PostgreSQL server; `perfgate baseline update --from-history`; and
// a suite binary with no baseline of its device gated against its history.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "perfgate/history/history_schema.hpp"
#include "perfgate/history/ingest.hpp"
#include "perfgate/history/reference_runs.hpp"
#include "perfgate/history/retention.hpp"
#include "perfgate/model/results_io.hpp"
#include "perfgate/sql/sql_connection.hpp"
#include "results_builder.hpp"
#include "shell.hpp"
#include "test_database.hpp"

namespace perfgate::history {
namespace {

namespace fs = std::filesystem;
using perfgate::testing::benchmark;
using perfgate::testing::lognormal_samples;
using perfgate::testing::read_text;
using perfgate::testing::run_shell;
using perfgate::testing::shell_word;

// The testbed the builder's CPU fingerprint gets (results_builder.hpp).
constexpr const char* kTestbed = "cpu-test-cpu-9000-8cpu";

// Run `i` of suite "s": "a" at 1 ms, "b" at 2 ms, 10 samples each.
Results run_of(int i) {
  Results r = perfgate::testing::results("s", {benchmark("a", lognormal_samples(1e-3, 0.01, 10, 10 * i)),
                                               benchmark("b", lognormal_samples(2e-3, 0.01, 10, 10 * i + 1))});
  r.source.git_commit = "commit" + std::to_string(i);
  r.created_utc = "2026-11-01T00:00:00Z";
  return r;
}

class HistoryReferenceTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const perfgate::testing::TestDatabase database =
        perfgate::testing::test_database(GetParam(), dir_.path(), "history.sqlite");
    if (database.url.empty()) GTEST_SKIP() << database.skip_reason;
    url_ = database.url;
    db_ = sql::open_database(url_);
    if (GetParam() == "postgresql")
      db_->execute_script(perfgate::testing::kDropHistoryTables);
    ensure_schema(*db_);
  }

  void ingest(int i, const std::string& kind = "main") {
    IngestOptions options;
    options.ordinal = i;
    options.kind = kind;
    ingest_results(*db_, run_of(i), "run " + std::to_string(i), options);
  }

  perfgate::testing::TempDir dir_;
  std::string url_;
  std::unique_ptr<sql::Connection> db_;
};

TEST_P(HistoryReferenceTest, TheLastMainRunsAreTheRoundsOldestFirstWithTheirSamples) {
  for (int i = 1; i <= 7; ++i) ingest(i);
  ingest(8, "pr");  // judged against the main line, never part of it
  ingest(9, "ab");
  const HistoryReference reference = load_reference(*db_, {"s", kTestbed, 5, nullptr});
  ASSERT_TRUE(reference.enough()) << reference.shortage();
  EXPECT_EQ(reference.available, 7u);
  ASSERT_EQ(reference.runs.size(), 5u);
  ASSERT_EQ(reference.rounds.size(), 5u);
  for (int k = 0; k < 5; ++k) {
    const Results expected = run_of(k + 3);
    EXPECT_EQ(reference.runs[k].commit, expected.source.git_commit);
    EXPECT_EQ(reference.rounds[k].source.git_commit, expected.source.git_commit);
    ASSERT_EQ(reference.rounds[k].benchmarks.size(), 2u);
    for (const BenchmarkResult& b : expected.benchmarks)
      EXPECT_EQ(reference.rounds[k].find(b.name)->samples, b.samples) << b.name << " of run " << k + 3;
  }
  EXPECT_EQ(reference.rounds[0].fingerprint.slug, "cpu-test-cpu-9000");
  EXPECT_EQ(reference.describe(), std::string("history: last 5 main runs on ") + kTestbed + ", commits commit3..commit7");
}

TEST_P(HistoryReferenceTest, TooFewRunsGiveNoRoundsAndSayHowMany) {
  for (int i = 1; i <= 3; ++i) ingest(i);
  ingest(4, "pr");
  const HistoryReference reference = load_reference(*db_, {"s", kTestbed, 5, nullptr});
  EXPECT_FALSE(reference.enough());
  EXPECT_TRUE(reference.rounds.empty());
  EXPECT_EQ(reference.shortage(), std::string("history: 3 main runs of s on ") + kTestbed + " with samples, 5 needed");
  EXPECT_FALSE(load_reference(*db_, {"other", kTestbed, 1, nullptr}).enough());
  EXPECT_FALSE(load_reference(*db_, {"s", "elsewhere", 1, nullptr}).enough());
}

TEST_P(HistoryReferenceTest, RunsWhoseSamplesWerePrunedAreNotRounds) {
  for (int i = 1; i <= 6; ++i) ingest(i);
  prune_samples(*db_, 4);  // runs 1 and 2 keep their medians only
  const HistoryReference reference = load_reference(*db_, {"s", kTestbed, 4, nullptr});
  ASSERT_TRUE(reference.enough());
  EXPECT_EQ(reference.available, 4u);
  EXPECT_EQ(reference.runs.front().commit, "commit3");
  EXPECT_FALSE(load_reference(*db_, {"s", kTestbed, 5, nullptr}).enough());
}

TEST_P(HistoryReferenceTest, TheHistoryListsItsTestbedsAndSuites) {
  ingest(1);
  EXPECT_EQ(testbeds_with_runs(*db_), std::vector<std::string>{kTestbed});
  EXPECT_EQ(testbeds_with_runs(*db_, "nothing"), std::vector<std::string>{});
  EXPECT_EQ(suites_with_runs(*db_, kTestbed), std::vector<std::string>{"s"});
  const auto device = testbed_device(*db_, kTestbed);
  ASSERT_TRUE(device);
  EXPECT_EQ(device->kind, DeviceKind::cpu);
  EXPECT_EQ(device->name, "Test CPU 9000");
}

// The history keeps each testbed's whole fingerprint, so rounds read from
// it describe a GPU as a run on it does: comparable with the next run there.
TEST_P(HistoryReferenceTest, AGpuTestbedsRoundsAreComparableWithARunOnThatGpu) {
  for (int i = 1; i <= 2; ++i) {
    Results run = run_of(i);
    run.fingerprint = perfgate::testing::test_gpu();
    IngestOptions options;
    options.ordinal = i;
    ingest_results(*db_, run, "gpu run", options);
  }
  const std::string testbed = testbeds_with_runs(*db_).front();
  const HistoryReference reference = load_reference(*db_, {"s", testbed, 2, nullptr});
  ASSERT_TRUE(reference.enough()) << reference.shortage();
  const Fingerprint& device = reference.rounds.front().fingerprint;
  EXPECT_EQ(device.compute_capability, "9.0");
  EXPECT_EQ(device.sm_count, 132);
  std::string why;
  EXPECT_TRUE(comparable(device, perfgate::testing::test_gpu(), &why)) << why;
}

INSTANTIATE_TEST_SUITE_P(Engines, HistoryReferenceTest, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& info) { return info.param; });

// `perfgate baseline update --from-history` on an SQLite history.
class BaselineFromHistory : public ::testing::Test {
 protected:
  void SetUp() override {
    IngestOptions options;
    const auto db = sql::open_database(db_url(), sql::Access::create);
    ensure_schema(*db);
    for (int i = 1; i <= 6; ++i) {
      options.ordinal = i;
      ingest_results(*db, run_of(i), "run", options);
    }
  }
  std::string db_url() const { return (dir_ / "h.sqlite").string(); }

  perfgate::testing::CommandResult update(const std::string& args, const std::string& environment = "env -u CI") {
    return run_shell(environment + " " + shell_word(PERFGATE_CLI) + " baseline update --from-history " +
                     shell_word(db_url()) + " --baseline-dir " + shell_word((dir_ / "baselines").string()) + " " + args);
  }

  perfgate::testing::TempDir dir_;
};

TEST_F(BaselineFromHistory, WritesTheLastRunsAsRoundsAndSaysWhichCommits) {
  const auto r = update(std::string("--suite s --testbed ") + kTestbed + " --runs 4");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("history: last 4 main runs on cpu-test-cpu-9000-8cpu, commits commit3..commit6"),
            std::string::npos) << r.output;
  EXPECT_NE(r.output.find("commit3 commit4 commit5 commit6"), std::string::npos) << r.output;
  const Results written = load_results(dir_ / "baselines/cpu-test-cpu-9000/s.json");
  ASSERT_EQ(written.benchmarks.size(), 2u);
  EXPECT_EQ(written.benchmarks[0].rounds, (std::vector<std::size_t>{10, 10, 10, 10}));
  EXPECT_EQ(written.benchmarks[0].samples.size(), 40u);
  EXPECT_EQ(written.fingerprint.name, "Test CPU 9000");
}

TEST_F(BaselineFromHistory, BadRequestsAreOneLineExitTwoAndWriteNothing) {
  const auto few = update(std::string("--suite s --testbed ") + kTestbed + " --runs 7");
  EXPECT_EQ(few.exit_code, 2) << few.output;
  EXPECT_NE(few.output.find("history: 6 main runs of s on cpu-test-cpu-9000-8cpu with samples, 7 needed"),
            std::string::npos) << few.output;
  const auto testbed = update("--suite s --testbed nowhere");
  EXPECT_EQ(testbed.exit_code, 2) << testbed.output;
  EXPECT_NE(testbed.output.find("--testbed nowhere: "), std::string::npos) << testbed.output;
  EXPECT_NE(testbed.output.find("testbeds there: cpu-test-cpu-9000-8cpu"), std::string::npos) << testbed.output;
  const auto suite = update(std::string("--suite nosuch --testbed ") + kTestbed);
  EXPECT_EQ(suite.exit_code, 2) << suite.output;
  EXPECT_NE(suite.output.find("--suite nosuch: "), std::string::npos) << suite.output;
  EXPECT_NE(suite.output.find("suites there: s"), std::string::npos) << suite.output;
  const auto measuring = update("--suite s --rounds 3");
  EXPECT_EQ(measuring.exit_code, 2) << measuring.output;
  const auto ci = update(std::string("--suite s --testbed ") + kTestbed, "CI=true");
  EXPECT_EQ(ci.exit_code, 2) << ci.output;
  EXPECT_FALSE(fs::exists(dir_ / "baselines"));
}

// A suite with no baseline of its own device, gated against its history:
// NOT GATED (with the count) until the history holds K main runs, then
// judged against them; a planted slowdown in a pull-request run is a
// confirmed REGRESSION, and that run never becomes part of the main line.
TEST(HistoryReferenceGate, ASuiteWithoutABaselineIsGatedAgainstItsLastMainRuns) {
  perfgate::testing::TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  const std::string planted = "cpu_gemm/blocked/256";
  const auto suite = [&](int commit, const std::string& extra, const std::string& environment = "") {
    const fs::path out = dir / ("run" + std::to_string(commit));
    // A second apart: runs without an ordinal are ordered by their dates,
    // which are whole seconds, and two runs of one second by their ids.
    return run_shell("sleep 1.1; " + environment + " PERFGATE_GIT_COMMIT=c" + std::to_string(commit) + " " +
                     shell_word(PERFGATE_HOST_SUITE) +
                     " --benchmark_filter='^" + planted + "' --benchmark_repetitions=5 --perfgate_history_runs=3" +
                     " --perfgate_baseline_dir=" + shell_word((dir / "baselines").string()) +
                     " --perfgate_history=" + shell_word(db) + " --perfgate_out_dir=" + shell_word(out.string()) + " " + extra);
  };
  const auto comparison = [&](int commit) {
    return nlohmann::json::parse(read_text(dir / ("run" + std::to_string(commit)) / "host.comparison.json"));
  };
  for (int commit = 1; commit <= 3; ++commit) {
    const auto run = suite(commit, "");
    ASSERT_EQ(run.exit_code, 0) << run.output;
    EXPECT_NE(run.output.find("the history cannot stand in: history: " + std::to_string(commit - 1) + " main run"),
              std::string::npos) << run.output;
    EXPECT_EQ(comparison(commit).at("status"), "NOT_GATED");
  }
  const auto gated = suite(4, "");
  ASSERT_TRUE(gated.exit_code == 0 || gated.exit_code == 1) << gated.output;
  const std::string origin = comparison(4).at("baseline").at("origin");
  EXPECT_EQ(origin.rfind("history: last 3 main runs on ", 0), 0u) << origin;
  EXPECT_NE(origin.find(", commits c1..c3"), std::string::npos) << origin;
  EXPECT_NE(comparison(4).at("status"), "NOT_GATED");
  EXPECT_NE(gated.output.find("history: last 3 main runs"), std::string::npos) << "the console names the reference";

  const auto slower = suite(5, "--perfgate_history_kind=pr",
                            "PERFGATE_ALLOW_FAULT_INJECTION=1 PERFGATE_HOST_PLANT_FACTOR=30 PERFGATE_HOST_PLANT_SLOWDOWN=" + planted);
  // Thirty times the work: far beyond this machine's drift.  Under heavy
  // load the reference's rounds may spread so far that the gate cannot
  // confirm it (INCONCLUSIVE, exit 0); it never passes it.
  const nlohmann::json judged = comparison(5).at("benchmarks").at(0);
  EXPECT_GT(judged.at("evidence").at("ratio").get<double>(), 3.0) << judged.dump();
  const std::string verdict = judged.at("verdict");
  EXPECT_TRUE(verdict == "REGRESSION" || verdict == "INCONCLUSIVE") << judged.dump();
  EXPECT_EQ(slower.exit_code, verdict == "REGRESSION" ? 1 : 0) << slower.output;
  const std::string pr_origin = comparison(5).at("baseline").at("origin");
  EXPECT_NE(pr_origin.find(", commits c2..c4"), std::string::npos) << pr_origin;

  const auto after = suite(6, "");
  ASSERT_TRUE(after.exit_code == 0 || after.exit_code == 1) << after.output;
  const std::string main_origin = comparison(6).at("baseline").at("origin");
  EXPECT_NE(main_origin.find(", commits c2..c4"), std::string::npos) << "the pull-request run c5 is not main: " << main_origin;
}

}  // namespace
}  // namespace perfgate::history
