// Issue 24: reports name files relative to the project, else by the file's
// name, never by the runner's absolute paths (perfgate/model/report_path.hpp).

#include "perfgate/platform/report_path.hpp"

#include <gtest/gtest.h>

#include "shell.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;
using testing::write_text;

TEST(ReportPath, InsideAGitWorkTreeRelativeToItsTop) {
  const TempDir dir;
  fs::create_directories(dir / "project/.git");
  write_text(dir / "project/baselines/cpu-x/host.json", "{}");
  EXPECT_EQ(report_path(dir / "project/baselines/cpu-x/host.json"), "baselines/cpu-x/host.json");
  EXPECT_EQ(project_of(dir / "project/baselines/cpu-x/host.json"), (dir / "project").lexically_normal());
  // A file that is not there yet (a results file to be written) is named the same way.
  EXPECT_EQ(report_path(dir / "project/build/../build/out/host.results.json"), "build/out/host.results.json");
}

TEST(ReportPath, AGivenProjectWinsOverGit) {
  const TempDir dir;
  fs::create_directories(dir / "checkout/.git");
  EXPECT_EQ(report_path(dir / "checkout/sub/baselines/a.json", dir / "checkout/sub"), "baselines/a.json");
  EXPECT_EQ(report_path(dir / "checkout/other/a.json", dir / "checkout/sub"), "other/a.json") << "outside it: git's";
}

TEST(ReportPath, OutsideAnyProjectTheFilesName) {
  const TempDir dir;
  EXPECT_EQ(report_path(dir / "runner/work/base.json"), "base.json");
  EXPECT_EQ(report_path((dir / "base.json").string()), "base.json");
  EXPECT_FALSE(project_of(dir / "base.json"));
}

TEST(ReportPath, NamesThatAreNoPathsStayAsTheyAre) {
  for (const char* name : {"this run", "<stdin>", "-", "(none: no baseline of this suite on any device)", "base.json", ""})
    EXPECT_EQ(report_path(name), name);
}

// `perfgate report` finds the baseline a comparison names from the folder
// of the comparison file upwards.
TEST(ReportPath, AReportedFileIsFoundFromAFolderAboveTheReport) {
  const TempDir dir;
  write_text(dir / "project/baselines/cpu-x/host.json", "{}");
  write_text(dir / "project/build/perfgate-report/comparisons/host.comparison.json", "{}");
  const auto found = find_reported_file("baselines/cpu-x/host.json", dir / "project/build/perfgate-report/comparisons/host.comparison.json");
  ASSERT_TRUE(found);
  EXPECT_TRUE(fs::equivalent(*found, dir / "project/baselines/cpu-x/host.json"));
  EXPECT_FALSE(find_reported_file("baselines/cpu-x/gemm.json", dir / "project/build/c.json"));
  EXPECT_FALSE(find_reported_file("this run", dir / "project/build/c.json"));
  EXPECT_FALSE(find_reported_file("", dir / "project/build/c.json"));
}

}  // namespace
}  // namespace perfgate
