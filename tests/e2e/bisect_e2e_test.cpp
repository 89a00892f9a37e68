// Issue 45 item 7: `perfgate bisect` end to end, on a repository the test
// makes: 9 commits (c0 .. c8) of a small project built against the
// installed perfgate (example.install), the case BM_planted 3x slower from
// c5 on, every other commit touching something else.
//   - from the history: runs at c0 and at c8 only (each CI run covered many
//     commits), the triage's step at c8 is bisected: c5 is found in at most
//     2 + log2(8) builds, the answer is in the console, --json and the
//     history, where `history changes` names it beside the change;
//   - --good c0 --bad c3 (no change between): not reproduced, exit 1, two
//     builds and no search;
//   - half a range or a case the suite lacks: one line, exit 2.
// The plant is 3x the work, far beyond what this shared VM moves, and each
// step measures both builds in alternating rounds.

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "perfgate/formats/results_io.hpp"
#include "planted_demo_suite.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::write_text;

const char* kCmakeLists = R"(cmake_minimum_required(VERSION 3.25)
project(bisect_demo LANGUAGES CXX)
enable_testing()
find_package(perfgate REQUIRED)
perfgate_add_suite(demo SOURCES demo_suite.cpp)
)";


std::string git(const fs::path& repo) { return "git -C " + shell_word(repo.string()) + " "; }

std::string first_line(const std::string& command) {
  const std::string out = run_shell(command).output;
  return out.substr(0, out.find('\n'));
}

// The project: c0 .. c8 on main, the plant at c5, the build at c8.
struct Project {
  testing::TempDir dir;
  fs::path repo = dir / "project";
  std::vector<std::string> commits;
  std::string problem;  // why it could not be made (the install missing: skipped)

  Project() {
    if (!fs::is_regular_file(fs::path(PERFGATE_INSTALL_PREFIX) / "bin/perfgate")) {
      problem = std::string("no installed perfgate in ") + PERFGATE_INSTALL_PREFIX + " (example.install makes it)";
      return;
    }
    write_text(repo / "CMakeLists.txt", kCmakeLists);
    write_text(repo / "demo_suite.cpp", testing::kPlantedDemoSuite);
    write_text(repo / ".gitignore", "/build/\n");
    const std::string g = git(repo);
    if (!step(g + "init -q -b main && " + g + "config user.email t@example.invalid && " + g + "config user.name t")) return;
    for (int c = 0; c <= 8; ++c) {
      write_text(repo / "work_factor.hpp",
                 std::string("inline constexpr long kPlantedFactor = ") + (c >= 5 ? "3" : "1") + ";\n");
      write_text(repo / "NOTES.txt", "commit " + std::to_string(c) + "\n");
      if (!step(g + "add -A && " + g + "commit -q -m " + shell_word("c" + std::to_string(c) + (c == 5 ? ": the plant" : ""))))
        return;
      commits.push_back(first_line(g + "rev-parse HEAD"));
    }
    step("cmake -S " + shell_word(repo.string()) + " -B " + shell_word((repo / "build").string()) +
         " -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=" + shell_word(PERFGATE_CXX) +
         " -DCMAKE_PREFIX_PATH=" + shell_word(PERFGATE_INSTALL_PREFIX) + " && cmake --build " +
         shell_word((repo / "build").string()));
  }

  bool step(const std::string& command) {
    const auto run = run_shell(command + " 2>&1");
    if (run.exit_code != 0) problem = command.substr(0, 60) + ": " + run.output;
    return run.exit_code == 0;
  }

  std::string perfgate() const { return shell_word(std::string(PERFGATE_INSTALL_PREFIX) + "/bin/perfgate"); }

  testing::CommandResult bisect(const std::string& args) const {
    return run_shell("env -u PERFGATE_HISTORY " + perfgate() + " bisect --build-dir " +
                     shell_word((repo / "build").string()) + " --suite demo --rounds 4 --repetitions 2 " + args + " 2>&1");
  }
};

class Bisect : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { project = std::make_unique<Project>(); }
  static void TearDownTestSuite() { project.reset(); }
  void SetUp() override {
    if (!project->problem.empty()) GTEST_SKIP() << project->problem;
  }
  static std::unique_ptr<Project> project;
};
std::unique_ptr<Project> Bisect::project;

// A history whose CI measured c0 and c8 only, 6 runs each (1 ms, then 3 ms).
void ingest_two_levels(const Project& p, const fs::path& history) {
  int run = 0;
  for (const auto& [commit, median, ordinal] : {std::tuple{p.commits[0], 1e-3, 0}, std::tuple{p.commits[8], 3e-3, 8}})
    for (int i = 0; i < 6; ++i, ++run) {
      const fs::path file = p.dir / ("run" + std::to_string(run) + ".json");
      Results results = testing::results("demo", {testing::benchmark("BM_planted", testing::lognormal_samples(median, 0.01, 10, run + 1))});
      results.created_utc = "2026-12-0" + std::to_string(1 + run / 6) + "T0" + std::to_string(run % 6) + ":00:00Z";
      save_results(results, file);
      const auto ingested = run_shell(p.perfgate() + " history ingest " + shell_word(file.string()) + " --history " +
                                      shell_word(history.string()) + " --commit " + commit + " --ordinal " +
                                      std::to_string(ordinal) + " --testbed ci-runner 2>&1");
      ASSERT_EQ(ingested.exit_code, 0) << ingested.output;
    }
}

TEST_F(Bisect, TheHistorysStepOverEightCommitsIsNarrowedToThePlantedCommit) {
  const fs::path history = project->dir / "history.sqlite";
  ingest_two_levels(*project, history);
  const fs::path answer = project->dir / "bisect.json";
  const auto run = project->bisect("--case BM_planted --history " + shell_word(history.string()) + " --json " +
                                   shell_word(answer.string()));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const std::string& c5 = project->commits[5];
  EXPECT_NE(run.output.find("first commit with the change: " + c5), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("at most 3 build(s) between"), std::string::npos) << run.output;

  const json doc = json::parse(read_text(answer));
  EXPECT_EQ(doc.at("schema"), "perfgate/bisect");
  EXPECT_EQ(doc.at("outcome"), "found") << doc.dump(2);
  EXPECT_EQ(doc.at("good"), project->commits[0]) << "the history's last run at the old level";
  EXPECT_EQ(doc.at("bad"), project->commits[8]);
  EXPECT_EQ(doc.at("commits"), 8);
  EXPECT_EQ(doc.at("first_commit").at("commit"), c5);
  EXPECT_EQ(doc.at("first_commit").at("subject"), "c5: the plant");
  EXPECT_EQ(doc.at("last_good_commit").at("commit"), project->commits[4]);
  EXPECT_GT(doc.at("bad_against_good").at("ratio").get<double>(), 2.0);
  EXPECT_LE(doc.at("builds").get<int>(), 5) << "good, bad and log2(8) between";
  // Each step's side agrees with where the plant is.
  for (const json& step : doc.at("steps")) {
    const auto at = std::find(project->commits.begin(), project->commits.end(), step.at("commit").get<std::string>());
    ASSERT_NE(at, project->commits.end());
    EXPECT_EQ(step.at("carries"), at - project->commits.begin() >= 5 ? "yes" : "no") << step.dump();
  }

  // The history names the commit beside the change.
  const fs::path changes = project->dir / "changes.json";
  const auto listed = run_shell(project->perfgate() + " history changes --history " + shell_word(history.string()) +
                                " --json " + shell_word(changes.string()) + " 2>&1");
  ASSERT_EQ(listed.exit_code, 0) << listed.output;
  EXPECT_NE(listed.output.find("bisected demo/BM_planted"), std::string::npos) << listed.output;
  EXPECT_NE(listed.output.find("first commit with the change: " + c5), std::string::npos) << listed.output;
  const json list = json::parse(read_text(changes)).at("changes");
  ASSERT_EQ(list.size(), 1u) << list.dump(2);
  EXPECT_EQ(list[0].at("before_commit"), project->commits[0]);
  EXPECT_EQ(list[0].at("bisection").at("first_commit"), c5) << list[0].dump(2);
  EXPECT_EQ(list[0].at("bisection").at("outcome"), "found");
  EXPECT_EQ(list[0].at("bisection").at("testbed"), doc.at("testbed")) << "the device it was measured on";

  // And the dashboard, beside the change.
  const fs::path site = project->dir / "site";
  const auto reported = run_shell(project->perfgate() + " history report --history " + shell_word(history.string()) +
                                  " --out " + shell_word(site.string()) + " 2>&1");
  ASSERT_EQ(reported.exit_code, 0) << reported.output;
  const std::string page = read_text(site / "changes.html");
  EXPECT_NE(page.find("data-outcome=\"found\">bisected: first commit " + c5.substr(0, 12) + " (5 builds"),
            std::string::npos)
      << page;
}

TEST_F(Bisect, ARangeWithoutTheChangeIsNotReproducedAndNotSearched) {
  const fs::path answer = project->dir / "none.json";
  // The case by Google Benchmark's full name: the same case.
  const auto run = project->bisect("--case BM_planted/min_time:0.020/real_time --good " + project->commits[0] + " --bad " + project->commits[3] +
                                   " --json " + shell_word(answer.string()));
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("not reproduced"), std::string::npos) << run.output;
  const json doc = json::parse(read_text(answer));
  EXPECT_EQ(doc.at("outcome"), "not_reproduced") << doc.dump(2);
  EXPECT_EQ(doc.at("benchmark"), "BM_planted");
  EXPECT_EQ(doc.at("builds"), 2);
  EXPECT_TRUE(doc.at("steps").empty());
  EXPECT_TRUE(doc.at("first_commit").is_null());
}

TEST_F(Bisect, HalfARangeOrAnUnknownCaseIsOneLineExit2) {
  const auto half = project->bisect("--case BM_planted --good " + project->commits[0]);
  EXPECT_EQ(half.exit_code, 2) << half.output;
  EXPECT_NE(half.output.find("perfgate: error: --good and --bad go together"), std::string::npos) << half.output;
  const auto backwards = project->bisect("--case BM_planted --good " + project->commits[8] + " --bad " + project->commits[0]);
  EXPECT_EQ(backwards.exit_code, 2) << backwards.output;
  EXPECT_NE(backwards.output.find("is no ancestor of --bad"), std::string::npos) << backwards.output;
  const auto unknown = project->bisect("--case BM_missing --good " + project->commits[0] + " --bad " + project->commits[8]);
  EXPECT_EQ(unknown.exit_code, 2) << unknown.output;
  EXPECT_NE(unknown.output.find("perfgate: error: --case BM_missing: no case named so in demo"), std::string::npos) << unknown.output;
}

}  // namespace
}  // namespace perfgate
