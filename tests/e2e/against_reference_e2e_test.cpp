// Issue 40: `perfgate run` against a reference built and measured on this
// runner, end to end, on a small project of two real builds: a git
// repository the test makes (main: the base; feature: a 3x slower case and
// a new suite; broken: a base that does not compile), built against the
// installed perfgate (example.install), its reference a git worktree under
// the build folder.
//   - a pull request (GITHUB_BASE_REF=main) is gated against its merge base
//     by default: the planted slowdown is a REGRESSION confirmed by the
//     alternating rounds, exit 1, a JUnit failure, both sides' results by
//     round; the suite only the candidate has is judged without the
//     reference (NEW, NOT GATED) and says why;
//   - a reference that cannot be built: every suite says why and is judged
//     as without --against (never a silent pass).
// The plant is 3x the work at a 50% threshold (PERFGATE_THRESHOLD), far
// beyond what this shared VM moves, and both builds see the same moods.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "planted_demo_suite.hpp"
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
project(against_demo LANGUAGES CXX)
enable_testing()
find_package(perfgate REQUIRED)
perfgate_add_suite(demo SOURCES demo_suite.cpp)
if(EXISTS "${PROJECT_SOURCE_DIR}/extra_suite.cpp")
  perfgate_add_suite(extra SOURCES extra_suite.cpp)
endif()
)";


const char* kExtraSuite = R"(#include "perfgate/perfgate.hpp"
namespace {
void BM_extra(benchmark::State& s) {
  for (auto _ : s) benchmark::DoNotOptimize(s.iterations());
}
}  // namespace
BENCHMARK(BM_extra)->UseRealTime()->MinTime(0.02);
)";

std::string git(const fs::path& repo) { return "git -C " + shell_word(repo.string()) + " "; }

// The project, its three branches and the candidate's build (feature).
struct Project {
  testing::TempDir dir;
  fs::path repo = dir / "project";
  std::string base, feature;
  std::string problem;  // why it could not be made (the install missing: skipped)

  Project() {
    if (!fs::is_regular_file(fs::path(PERFGATE_INSTALL_PREFIX) / "bin/perfgate")) {
      problem = std::string("no installed perfgate in ") + PERFGATE_INSTALL_PREFIX + " (example.install makes it)";
      return;
    }
    write_text(repo / "CMakeLists.txt", kCmakeLists);
    write_text(repo / "demo_suite.cpp", testing::kPlantedDemoSuite);
    write_text(repo / "work_factor.hpp", "inline constexpr long kPlantedFactor = 1;\n");
    write_text(repo / ".gitignore", "/build/\n");
    const std::string g = git(repo);
    const auto made = run_shell(
        g + "init -q -b main && " + g + "config user.email t@example.invalid && " + g + "config user.name t && " + g +
        "add -A && " + g + "commit -q -m base && " + g + "checkout -q -b broken && echo 'not C++' >> " +
        shell_word((repo / "demo_suite.cpp").string()) + " && " + g + "commit -q -am broken && " + g +
        "checkout -q main && " + g + "checkout -q -b feature");
    if (made.exit_code != 0) {
      problem = "git: " + made.output;
      return;
    }
    write_text(repo / "work_factor.hpp", "inline constexpr long kPlantedFactor = 3;\n");
    write_text(repo / "extra_suite.cpp", kExtraSuite);
    const auto committed = run_shell(g + "add -A && " + g + "commit -q -m 'slower, and a new suite'");
    if (committed.exit_code != 0) {
      problem = "git: " + committed.output;
      return;
    }
    base = read_first_line(g + "rev-parse main");
    feature = read_first_line(g + "rev-parse HEAD");
    const auto built = run_shell("cmake -S " + shell_word(repo.string()) + " -B " + shell_word((repo / "build").string()) +
                                 " -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=" + shell_word(PERFGATE_CXX) +
                                 " -DCMAKE_PREFIX_PATH=" + shell_word(PERFGATE_INSTALL_PREFIX) + " && cmake --build " +
                                 shell_word((repo / "build").string()));
    if (built.exit_code != 0) problem = "the candidate did not build: " + built.output;
  }

  static std::string read_first_line(const std::string& command) {
    const std::string out = run_shell(command).output;
    return out.substr(0, out.find('\n'));
  }

  // perfgate run on the candidate's build, `environment` and `args` added.
  testing::CommandResult run(const fs::path& report, const std::string& environment, const std::string& args) const {
    return run_shell("env -u PERFGATE_HISTORY -u PERFGATE_AGAINST -u PERFGATE_DEDICATED_RUNNER -u GITHUB_BASE_REF "
                     "-u CI_MERGE_REQUEST_IID PERFGATE_THRESHOLD=50 " +
                     environment + " " + shell_word(std::string(PERFGATE_INSTALL_PREFIX) + "/bin/perfgate") +
                     " run --build-dir " + shell_word((repo / "build").string()) + " --report-dir " +
                     shell_word(report.string()) + " --rounds 4 --repetitions 3 " + args + " 2>&1");
  }
};

class AgainstReference : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { project = std::make_unique<Project>(); }
  static void TearDownTestSuite() { project.reset(); }
  void SetUp() override {
    if (!project->problem.empty()) GTEST_SKIP() << project->problem;
  }
  static json comparison(const fs::path& report, const std::string& suite) {
    return json::parse(read_text(report / "comparisons" / (suite + ".comparison.json")));
  }
  static json verdicts(const json& comparison) {
    json by_name = json::object();
    for (const json& b : comparison.at("benchmarks")) by_name[b.at("name").get<std::string>()] = b;
    return by_name;
  }
  static bool noted(const json& comparison, const std::string& text) {
    for (const json& note : comparison.at("notes"))
      if (note.get<std::string>().find(text) != std::string::npos) return true;
    return false;
  }
  static std::unique_ptr<Project> project;
};
std::unique_ptr<Project> AgainstReference::project;

TEST_F(AgainstReference, APullRequestIsGatedAgainstItsMergeBaseBuiltAndMeasuredHere) {
  const fs::path report = project->dir / "pr-report";
  const fs::path history = project->dir / "history.sqlite";
  const auto run = project->run(report, "GITHUB_BASE_REF=main", "--history " + shell_word(history.string()));
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("gating against a pull request (GitHub Actions: GITHUB_BASE_REF=main)"), std::string::npos)
      << run.output;
  EXPECT_TRUE(fs::is_directory(project->repo / "build/perfgate-reference/1/build")) << "the worktree under the build folder";

  const json demo = comparison(report, "demo");
  EXPECT_EQ(demo.at("reference").at("kind"), "build") << demo.at("reference").dump();
  EXPECT_EQ(demo.at("reference").at("commit"), project->base);
  EXPECT_EQ(demo.at("reference").at("name"), project->base.substr(0, 7) + ", built on this runner");
  EXPECT_EQ(demo.at("current").at("git_commit"), project->feature);
  EXPECT_EQ(demo.at("baseline").at("git_commit"), project->base) << "the reference's results name its own commit";
  const json v = verdicts(demo);
  EXPECT_EQ(v.at("BM_planted").at("verdict"), "REGRESSION") << v.dump(2);
  EXPECT_EQ(v.at("BM_planted").at("confirmation"), "confirmed") << "the alternating rounds are the confirmation";
  EXPECT_GT(v.at("BM_planted").at("evidence").at("ratio").get<double>(), 2.0);
  EXPECT_NE(v.at("BM_steady").at("verdict"), "REGRESSION") << v.at("BM_steady").dump(2);
  EXPECT_EQ(run.output.find("unconfirmed"), std::string::npos);

  // Both sides' results, by round, in the run's folder.
  for (const char* side : {"results/demo.results.json", "results/demo.reference.results.json"}) {
    const json results = json::parse(read_text(report / side));
    for (const json& b : results.at("benchmarks")) EXPECT_GE(b.at("rounds").size(), 4u) << side << " " << b.at("name");
  }
  const std::string junit = read_text(report / "junit/demo.junit.xml");
  EXPECT_NE(junit.find("type=\"PerformanceRegression\""), std::string::npos) << junit.substr(0, 2000);
  EXPECT_NE(junit.find("perfgate.reference_commit\" value=\"" + project->base), std::string::npos);
  EXPECT_NE(read_text(report / "summary.md").find(project->base.substr(0, 7) + ", built on this runner"), std::string::npos);

  // The candidate's pooled rounds are this commit's run in the history (the
  // rounds themselves recorded nothing there).
  const auto shown = run_shell(shell_word(std::string(PERFGATE_INSTALL_PREFIX) + "/bin/perfgate") + " history show BM_planted --history " +
                               shell_word(history.string()) + " 2>&1");
  EXPECT_EQ(shown.exit_code, 0) << shown.output;
  EXPECT_NE(shown.output.find(project->feature.substr(0, 7)), std::string::npos) << shown.output;
  EXPECT_EQ(shown.output.find(project->base.substr(0, 7)), std::string::npos) << "a round is no run:\n" << shown.output;

  // Kept as a main-branch job would keep its build: an installed bundle (bin/).
  const fs::path program = project->repo / "build/perfgate-reference/1/build/perf_demo";
  ASSERT_TRUE(fs::is_regular_file(program));
  fs::create_directories(project->dir / "bundle/bin");
  fs::copy_file(program, project->dir / "bundle/bin/perf_demo");

  // The suite only the candidate has: judged as without the reference, and says why.
  const json extra = comparison(report, "extra");
  EXPECT_EQ(extra.at("status"), "NOT_GATED") << extra.dump(2);
  EXPECT_EQ(verdicts(extra).at("BM_extra").at("verdict"), "NEW");
  EXPECT_TRUE(noted(extra, "has no test perf.extra")) << extra.at("notes").dump(2);
}

TEST_F(AgainstReference, AReferenceThatCannotBeBuiltLeavesEverySuiteJudgedWithoutItAndSaysWhy) {
  const fs::path report = project->dir / "broken-report";
  const auto run = project->run(report, "", "--against broken");
  EXPECT_EQ(run.exit_code, 0) << run.output;  // no stored baselines: NOT GATED, never a silent PASS
  EXPECT_NE(run.output.find("could not be built"), std::string::npos) << run.output;
  for (const char* suite : {"demo", "extra"}) {
    const json c = comparison(report, suite);
    EXPECT_EQ(c.at("status"), "NOT_GATED") << suite << ": " << c.dump(2);
    EXPECT_TRUE(noted(c, "could not be built")) << suite << ": " << c.at("notes").dump(2);
    EXPECT_NE(c.at("reference").at("kind"), "build") << suite;
  }
  EXPECT_NE(read_text(report / "summary.md").find("could not be built"), std::string::npos);
}

// --against-build: the base's suite binary from elsewhere (the bundle the
// first case kept), measured here, interleaved, with no build step.
TEST_F(AgainstReference, AReferenceBuiltElsewhereIsMeasuredHere) {
  if (!fs::is_regular_file(project->dir / "bundle/bin/perf_demo")) GTEST_SKIP() << "the first case kept no bundle";
  const fs::path report = project->dir / "prebuilt-report";
  const auto run = project->run(report, "", "--against-build " + shell_word((project->dir / "bundle").string()));
  EXPECT_EQ(run.exit_code, 1) << run.output;
  const json demo = comparison(report, "demo");
  EXPECT_EQ(demo.at("reference").at("kind"), "build") << demo.at("reference").dump();
  EXPECT_NE(demo.at("reference").at("name").get<std::string>().find("measured on this runner"), std::string::npos);
  EXPECT_EQ(verdicts(demo).at("BM_planted").at("verdict"), "REGRESSION") << demo.dump(2);
  EXPECT_TRUE(noted(comparison(report, "extra"), "has no test perf.extra"));
}

TEST_F(AgainstReference, ARevisionThatNamesNothingIsOneLineExit2) {
  const auto run = project->run(project->dir / "none-report", "", "--against no-such-branch");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("perfgate: error: --against no-such-branch: names no commit"), std::string::npos) << run.output;
}

}  // namespace
}  // namespace perfgate
