// `perfgate baseline update` and `show` on the real host suite, through a
// suite manifest like the one CMake writes.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/formats/results_io.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

using nlohmann::json;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;
using testing::write_text;

class BaselineUpdate : public ::testing::Test {
 protected:
  void SetUp() override {
    const json manifest = {{"schema", "perfgate/suites"},
                           {"schema_version", 1},
                           {"suites", {{{"name", "host"}, {"binary", PERFGATE_HOST_SUITE}, {"gpu", false},
                                        {"baseline_dir", (dir_ / "baselines").string()}, {"args", json::array()}}}}};
    write_text(dir_ / "build/perfgate-suites.json", manifest.dump(2));
  }

  testing::CommandResult update(const std::string& extra, const std::string& environment = "env -u CI") {
    return run_shell(environment + " " + shell_word(PERFGATE_CLI) + " baseline update --build-dir " +
                     shell_word((dir_ / "build").string()) +
                     " --filter '^cpu_gemm/blocked/256' --repetitions 5 --rounds 2 " + extra);
  }

  // The one baseline written (under the device's slug), or "" if none.
  std::filesystem::path written() const {
    if (!std::filesystem::exists(dir_ / "baselines")) return {};
    for (const auto& device : std::filesystem::directory_iterator(dir_ / "baselines")) return device.path() / "host.json";
    return {};
  }

  TempDir dir_;
};

TEST_F(BaselineUpdate, AFilteredRefreshShowsOnlyWhatItRemeasuredAndKeepsTheRest) {
  ASSERT_EQ(update("").exit_code, 0);
  json edited = json::parse(read_text(written()));
  json kept = edited["benchmarks"][0];
  kept["name"] = "cpu_gemm/not_remeasured";
  edited["benchmarks"].push_back(kept);
  write_text(written(), edited.dump(2));

  const auto second = update("");
  ASSERT_EQ(second.exit_code, 0) << second.output;
  EXPECT_EQ(second.output.find("REMOVED"), std::string::npos) << second.output;
  EXPECT_EQ(second.output.find("cpu_gemm/not_remeasured"), std::string::npos) << second.output;
  EXPECT_NE(load_results(written()).find("cpu_gemm/not_remeasured"), nullptr);
}

TEST_F(BaselineUpdate, RefusesInCiUnlessForced) {
  const auto refused = update("", "CI=true");
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_NE(refused.output.find("refusing to write baselines in CI"), std::string::npos) << refused.output;
  EXPECT_FALSE(std::filesystem::exists(dir_ / "baselines"));
  const auto forced = update("--force", "CI=true");
  EXPECT_EQ(forced.exit_code, 0) << forced.output;
}

TEST_F(BaselineUpdate, PoolsRoundsShowsMovementAndKeepsOverrides) {
  const auto first = update("");
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_NE(first.output.find("new baseline"), std::string::npos) << first.output;
  const Results created = load_results(written());
  ASSERT_EQ(created.benchmarks.size(), 1u);
  EXPECT_EQ(created.benchmarks[0].samples.size(), 10u) << "2 rounds of 5 repetitions";

  json edited = json::parse(read_text(written()));
  edited["benchmarks"][0]["gate"] = {
      {"threshold_pct", 15.0}, {"measure", "counts"}, {"count_threshold_pct", 0.5}, {"reason", "reviewed: noisy"}};
  write_text(written(), edited.dump(2));

  const auto second = update("");
  ASSERT_EQ(second.exit_code, 0) << second.output;
  EXPECT_NE(second.output.find("What moved against the old baseline"), std::string::npos) << second.output;
  const Results refreshed = load_results(written());
  EXPECT_EQ(refreshed.benchmarks[0].gate.threshold_pct, 15.0);
  EXPECT_EQ(refreshed.benchmarks[0].gate.reason, "reviewed: noisy");
  EXPECT_EQ(refreshed.benchmarks[0].gate.measure, GateMeasure::counts);
  EXPECT_EQ(refreshed.benchmarks[0].gate.count_threshold_pct, 0.5);
  EXPECT_NE(refreshed.benchmarks[0].samples, created.benchmarks[0].samples);

  const auto shown = run_shell(shell_word(PERFGATE_CLI) + " baseline show --build-dir " + shell_word((dir_ / "build").string()));
  EXPECT_EQ(shown.exit_code, 0) << shown.output;
  EXPECT_NE(shown.output.find("cpu_gemm/blocked/256"), std::string::npos) << shown.output;
  EXPECT_NE(shown.output.find("threshold 15%, judged by counts, count threshold 0.5% (reviewed: noisy)"), std::string::npos)
      << shown.output;
}

TEST_F(BaselineUpdate, AppendPoolsWithTheOldRoundsAndKeepsTheLatest) {
  ASSERT_EQ(update("").exit_code, 0);
  EXPECT_EQ(load_results(written()).benchmarks[0].rounds, (std::vector<std::size_t>{5, 5}));
  const auto appended = update("--append");
  ASSERT_EQ(appended.exit_code, 0) << appended.output;
  EXPECT_EQ(load_results(written()).benchmarks[0].rounds, (std::vector<std::size_t>{5, 5, 5, 5}));
  ASSERT_EQ(update("--append --keep-rounds 3").exit_code, 0);
  const Results kept = load_results(written());
  EXPECT_EQ(kept.benchmarks[0].rounds, (std::vector<std::size_t>{5, 5, 5}));
  EXPECT_EQ(kept.benchmarks[0].samples.size(), 15u);
}

TEST_F(BaselineUpdate, DryRunWritesNothing) {
  const auto run = update("--dry-run");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_FALSE(std::filesystem::exists(dir_ / "baselines")) << "dry run wrote a baseline";
  // Issue 24: its rounds are temporary files it deletes; no line names one.
  EXPECT_EQ(run.output.find(".round1.json"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("perfgate baseline promote"), std::string::npos) << run.output;
}

TEST_F(BaselineUpdate, UnreadableOldBaselineNeedsForce) {
  ASSERT_EQ(update("").exit_code, 0);
  write_text(written(), "{ not json");
  const auto refused = update("");
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_EQ(read_text(written()), "{ not json");
  EXPECT_EQ(update("--force").exit_code, 0);
  EXPECT_NO_THROW(load_results(written()));
}

TEST_F(BaselineUpdate, UnknownSuiteIsNamed) {
  const auto run = update("--suite nosuch");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("no suite named 'nosuch' (built: host)"), std::string::npos) << run.output;
}

// --instructions: the first round counts (one counted pass), the baseline
// carries the counts for the count gate.
TEST_F(BaselineUpdate, InstructionsCountTheFirstRoundOnlyAndTheBaselineKeepsTheCounts) {
  if (run_shell("command -v valgrind").exit_code != 0) GTEST_SKIP() << "valgrind is not installed (apt-get install valgrind)";
  const auto run = update("--instructions");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(testing::count_occurrences(run.output, "perfgate: counted 1 of 1 case(s) under callgrind"), 1u) << run.output;
  const Results baseline = load_results(written());
  ASSERT_EQ(baseline.benchmarks.size(), 1u);
  const auto& counters = baseline.benchmarks[0].counters;
  ASSERT_TRUE(counters.count("instructions")) << run.output;
  EXPECT_GT(std::get<double>(counters.at("instructions")), 1e6);
  EXPECT_TRUE(counters.count("instructions_spread_pct"));
}

// Without valgrind a host suite cannot be counted: one line, exit 2, before
// anything is measured (a selection of GPU suites only is not refused: CUPTI
// counts their kernels).
TEST_F(BaselineUpdate, InstructionsWithoutValgrindRefuseAHostSuite) {
  const auto run = update("--instructions", "env -u CI PATH=/nonexistent");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("--instructions: valgrind is not on PATH"), std::string::npos) << run.output;
}

}  // namespace
}  // namespace perfgate
