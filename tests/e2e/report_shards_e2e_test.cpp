// `perfgate report --shards` (issue 42): the merge job of a sharded gate
// exits with the worst shard's code by the one ranking (RunOutcome); a code
// perfgate never gives, a missing exit-code and a missing shard are 2.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "perfgate/formats/results_io.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;
using testing::write_text;

std::string cli(const std::string& args) { return shell_word(PERFGATE_CLI) + " " + args; }

class ReportShards : public ::testing::Test {
 protected:
  // A shard's folder: one comparison of `suite` (a pass, or a 3x slowdown:
  // a regression) and its gate code in exit-code (none when `code` is empty).
  void shard(const std::string& name, const std::string& suite, bool slower, const std::string& code) {
    using testing::benchmark;
    using testing::lognormal_samples;
    const auto side = [&](const std::string& file, double median) {
      write_text(dir_ / file, results_to_json(testing::results(suite, {benchmark("x", lognormal_samples(median, 0.005, 10, 1))})));
    };
    side("base.json", 1e-3);
    side(suite + ".json", slower ? 3e-3 : 1e-3);
    const fs::path folder = dir_ / "shards" / name;
    fs::create_directories(folder / "comparisons");
    const auto c = run_shell(cli("compare " + shell_word((dir_ / "base.json").string()) + " " +
                                 shell_word((dir_ / (suite + ".json")).string()) + " --json " +
                                 shell_word((folder / "comparisons" / (suite + ".comparison.json")).string())));
    ASSERT_EQ(c.exit_code, slower ? 1 : 0) << c.output;
    if (!code.empty()) write_text(folder / "exit-code", code + "\n");
  }

  testing::CommandResult merge(int expected_shards) {
    return run_shell(cli("report --shards " + shell_word((dir_ / "shards").string()) + " --expected-shards " +
                         std::to_string(expected_shards) + " --report-dir " + shell_word((dir_ / "out").string())));
  }

  std::string summary() const { return read_text(dir_ / "out" / "summary.md"); }

  TempDir dir_;
};

TEST_F(ReportShards, ExitsWithTheWorstShardsCodeAndMergesTheirReports) {
  shard("a", "first", false, "0");
  shard("b", "second", false, "77");
  auto r = merge(2);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  shard("c", "third", true, "1");
  r = merge(3);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("3 shard(s) merged into"), std::string::npos) << r.output;
  EXPECT_EQ(summary().rfind("### perfgate: 3 of 3 shard(s), exit code 1\n", 0), 0u) << summary();
  EXPECT_NE(summary().find("| c | 1 |"), std::string::npos) << summary();
  for (const std::string suite : {"first", "second", "third"})
    EXPECT_TRUE(fs::exists(dir_ / "out" / "comparisons" / (suite + ".comparison.json"))) << suite;
  EXPECT_TRUE(fs::exists(dir_ / "out" / "index.html"));
  // Issue 43: GitLab's Code Quality report of the merged run: the one
  // regression, in the third shard's suite.
  const std::string quality = read_text(dir_ / "out" / "codequality.json");
  EXPECT_EQ(quality.find("\"check_name\": \"perfgate-regression\""), quality.rfind("\"check_name\"")) << quality;
  EXPECT_NE(quality.find("\"description\": \"perfgate REGRESSION: third x: +"), std::string::npos) << quality;
}

// A code no perfgate program gives (a runner's crash, a script's own exit)
// says the shard's gate did not end with a verdict: 2, above a regression,
// whatever the order the shards are read in.
TEST_F(ReportShards, AnUnknownCodeIsAHarnessError) {
  shard("a", "first", false, "139");
  shard("b", "second", true, "1");
  const auto r = merge(2);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(summary().find("| a | 2 (exit-code: '139') |"), std::string::npos) << summary();
  write_text(dir_ / "shards" / "a" / "exit-code", "passed\n");
  EXPECT_EQ(merge(2).exit_code, 2);
}

TEST_F(ReportShards, AMissingShardOrExitCodeIsAHarnessError) {
  shard("a", "first", false, "0");
  EXPECT_EQ(merge(2).exit_code, 2);
  EXPECT_NE(summary().find("| (1 missing) | 2 |"), std::string::npos) << summary();
  shard("b", "second", false, "");
  const auto r = merge(2);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("no exit-code"), std::string::npos) << r.output;
}

TEST_F(ReportShards, WantsTheMatrixSizeAndAReportFolder) {
  shard("a", "first", false, "0");
  const auto no_count = run_shell(cli("report --shards " + shell_word((dir_ / "shards").string()) + " --report-dir " +
                                      shell_word((dir_ / "out").string())));
  EXPECT_EQ(no_count.exit_code, 2);
  EXPECT_NE(no_count.output.find("--expected-shards"), std::string::npos) << no_count.output;
  const auto no_folder = run_shell(cli("report --shards " + shell_word((dir_ / "none").string()) +
                                       " --expected-shards 1 --report-dir " + shell_word((dir_ / "out").string())));
  EXPECT_EQ(no_folder.exit_code, 2);
  EXPECT_NE(no_folder.output.find("no such folder"), std::string::npos) << no_folder.output;
}

}  // namespace
}  // namespace perfgate
