// Issue 43: `perfgate comment`: a pull request's comment body from a gate
// run's comparison files: the hidden marker a workflow finds its comment by,
// the verdict, the links, the regression before everything else, and a
// size a GitHub comment takes (65,536 characters) at 2,000 cases.

#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "perfgate/formats/results_io.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using testing::benchmark;
using testing::lognormal_samples;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;

const std::string kCli = shell_word(PERFGATE_CLI);

// A comparison of `cases` cases of suite "wide", case `planted` twice as
// slow; 20 samples a side, so one case in 2,000 can pass Benjamini-Hochberg.
fs::path planted_comparison(const fs::path& dir, int cases, int planted) {
  std::vector<BenchmarkResult> base, cur;
  for (int i = 0; i < cases; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "wide/case/%04d", i);
    base.push_back(benchmark(name, lognormal_samples(1e-3, 0.01, 20, 2 * i + 1)));
    cur.push_back(benchmark(name, lognormal_samples(i == planted ? 2e-3 : 1e-3, 0.01, 20, 2 * i + 2)));
  }
  save_results(testing::results("wide", base), dir / "base.json");
  save_results(testing::results("wide", cur), dir / "cur.json");
  const fs::path comparison = dir / "wide.comparison.json";
  const auto run = run_shell(kCli + " compare " + shell_word((dir / "base.json").string()) + " " +
                             shell_word((dir / "cur.json").string()) + " --json " + shell_word(comparison.string()) +
                             " > /dev/null 2>&1");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  return comparison;
}

TEST(CommentCli, MarkerVerdictLinksAndTheRegressionFirstWithinAGithubComment) {
  const TempDir dir;
  const fs::path comparison = planted_comparison(dir.path(), 2000, 777);
  const auto run = run_shell(kCli + " comment " + shell_word(comparison.string()) +
                             " --report-url 'https://ci.example/run/1?artifact=perfgate report'" +
                             " --dashboard-url https://perf.example/ --out " + shell_word((dir / "c.md").string()));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const std::string body = read_text(dir / "c.md");
  EXPECT_LT(body.size(), 65536u) << "a GitHub comment holds 65,536 characters";
  EXPECT_EQ(body.rfind("<!-- perfgate-comment -->\n## ", 0), 0u) << body.substr(0, 300);
  const std::size_t verdict = body.find("FAIL (exit 1)");
  const std::size_t links =
      body.find("[Full report](<https://ci.example/run/1?artifact=perfgate report>) · [Dashboard](<https://perf.example/>)");
  const std::size_t planted = body.find("wide/case/0777");
  ASSERT_NE(verdict, std::string::npos) << body.substr(0, 600);
  ASSERT_NE(links, std::string::npos) << body.substr(0, 600);
  ASSERT_NE(planted, std::string::npos) << body.substr(0, 2000);
  EXPECT_LT(verdict, links);
  EXPECT_LT(links, planted);
  // Before any case that did not move (they are folded, or left out to fit).
  EXPECT_LT(planted, body.find("wide/case/0000")) << body.substr(0, 2000);
  // Standard output without --out: the same body.
  const auto piped = run_shell(kCli + " comment " + shell_word(comparison.string()) +
                               " --report-url 'https://ci.example/run/1?artifact=perfgate report'" +
                               " --dashboard-url https://perf.example/ 2>/dev/null");
  EXPECT_EQ(piped.output, body);
}

TEST(CommentCli, AnIdMarksItsOwnCommentAndBadUrlsOrIdsAreExitTwo) {
  const TempDir dir;
  const fs::path comparison = planted_comparison(dir.path(), 3, 1);
  const std::string files = " " + shell_word(comparison.string());
  const auto gpu = run_shell(kCli + " comment" + files + " --id gpu-h100 2>&1");
  EXPECT_EQ(gpu.exit_code, 0) << gpu.output;
  EXPECT_EQ(gpu.output.rfind("<!-- perfgate-comment:gpu-h100 -->\n", 0), 0u) << gpu.output;
  EXPECT_EQ(gpu.output.find("[Full report]"), std::string::npos) << "no URL, no link";
  const auto script = run_shell(kCli + " comment" + files + " --report-url 'javascript:alert(1)' 2>&1");
  EXPECT_EQ(script.exit_code, 2) << script.output;
  EXPECT_NE(script.output.find("--report-url: 'javascript:alert(1)': not an http:// or https:// URL"),
            std::string::npos)
      << script.output;
  // A password in the link would reach every reader of the comment: refused,
  // and not echoed either.
  const auto credentials =
      run_shell(kCli + " comment" + files + " --report-url 'https://ci:hunter2@ci.example/job/7' 2>&1");
  EXPECT_EQ(credentials.exit_code, 2) << credentials.output;
  EXPECT_NE(credentials.output.find("a user name or password before the host"), std::string::npos) << credentials.output;
  EXPECT_EQ(credentials.output.find("hunter2"), std::string::npos) << credentials.output;
  EXPECT_EQ(run_shell(kCli + " comment" + files + " --id 'a b' 2>&1").exit_code, 2);
  const auto missing = run_shell(kCli + " comment " + shell_word((dir / "none.comparison.json").string()) + " 2>&1");
  EXPECT_EQ(missing.exit_code, 2) << missing.output;
}

}  // namespace
}  // namespace perfgate
