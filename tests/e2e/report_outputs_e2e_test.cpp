// Where reports may go, and what a failed report write leaves (issue 15):
//   - a report path that names an input (the baseline, the current results)
//     is refused before anything is written: one line, exit 2;
//   - a report to a character device or a FIFO is written into it: the
//     device stays a device (`--junit /dev/null` discards a report);
//   - the reports of a run are written all or none: when one cannot be
//     written, none of this run's is there, and the previous run's reports
//     at those paths are removed, so a stale PASS cannot be published.

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>

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
using testing::write_text;

const char* const kStalePass = "<testsuites><testsuite name=\"kernels\" failures=\"0\" errors=\"0\"/></testsuites>";

Results run_of(double seconds, std::uint64_t seed) {
  return testing::results("kernels", {benchmark("gemm/fp32/1024", lognormal_samples(seconds, 0.01, 10, seed))});
}

std::size_t lines(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

bool any_temporary_in(const fs::path& folder) {
  for (const auto& entry : fs::directory_iterator(folder))
    if (entry.path().filename().string().find(".tmp.") != std::string::npos) return true;
  return false;
}

class ReportOutputs : public ::testing::Test {
 protected:
  void SetUp() override {
    write_text(dir_ / "old.json", results_to_json(run_of(1e-3, 1)));
    write_text(dir_ / "new.json", results_to_json(run_of(1e-3, 2)));
  }
  // `perfgate compare old.json new.json FLAGS`, stderr only (the table on stdout is not the point).
  testing::CommandResult compare(const std::string& flags) const {
    return run_shell("(" + shell_word(PERFGATE_CLI) + " compare " + shell_word((dir_ / "old.json").string()) + " " +
                     shell_word((dir_ / "new.json").string()) + " " + flags + " 2>&1 >/dev/null)");
  }
  std::string path(const std::string& name) const { return shell_word((dir_ / name).string()); }

  TempDir dir_;
};

TEST_F(ReportOutputs, AReportOverTheCurrentResultsIsRefusedBeforeAnythingIsWritten) {
  const std::string before = read_text(dir_ / "new.json");
  const auto r = compare("--json " + path("out/comparison.json") + " --junit " + path("new.json"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("new.json: is the same file as the current results"), std::string::npos) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
  EXPECT_EQ(read_text(dir_ / "new.json"), before);
  EXPECT_FALSE(fs::exists(dir_ / "out/comparison.json")) << "nothing is written before the refusal";
}

TEST_F(ReportOutputs, AReportOverTheBaselineByAnotherNameIsRefused) {
  // A hard link: another path, the same file (device and inode).
  ASSERT_EQ(::link((dir_ / "old.json").c_str(), (dir_ / "alias.json").c_str()), 0);
  const std::string before = read_text(dir_ / "old.json");
  for (const std::string& output : {path("alias.json"), shell_word((dir_ / "sub/../old.json").string())}) {
    const auto r = compare("--markdown " + output);
    EXPECT_EQ(r.exit_code, 2) << output << ": " << r.output;
    EXPECT_EQ(lines(r.output), 1u) << r.output;
    EXPECT_EQ(read_text(dir_ / "old.json"), before) << output;
  }
}

TEST_F(ReportOutputs, TwoReportsAtOnePathAreRefused) {
  const auto r = compare("--json " + path("report") + " --markdown " + path("report"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
  EXPECT_FALSE(fs::exists(dir_ / "report"));
}

TEST_F(ReportOutputs, AReportToACharacterDeviceLeavesTheDevice) {
  // A null device of our own (mknod needs root), never the machine's
  // /dev/null: as root, a perfgate that renames over the device would
  // replace the machine's /dev/null with a regular file.
  if (::geteuid() != 0) GTEST_SKIP() << "mknod of a character device needs root";
  ASSERT_EQ(::mknod((dir_ / "null").c_str(), S_IFCHR | 0666, makedev(1, 3)), 0);
  const auto r = compare("--junit " + path("null") + " --json " + path("null"));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  struct stat after {};
  ASSERT_EQ(::stat((dir_ / "null").c_str(), &after), 0);
  EXPECT_TRUE(S_ISCHR(after.st_mode)) << "the device was replaced by a regular file";
  ASSERT_EQ(::stat("/dev/null", &after), 0);
  EXPECT_TRUE(S_ISCHR(after.st_mode)) << "/dev/null is no longer a character device";
  EXPECT_FALSE(any_temporary_in(dir_.path()));
}

TEST_F(ReportOutputs, AReportToAFifoIsWrittenIntoIt) {
  ASSERT_EQ(::mkfifo((dir_ / "pipe").c_str(), 0644), 0);
  // The reader opens the FIFO and waits for the writer (the deadline only
  // matters to a perfgate that replaces the FIFO instead of opening it).
  const auto r = run_shell("timeout 20 cat " + path("pipe") + " > " + path("got") + " & " + shell_word(PERFGATE_CLI) + " compare " +
                           path("old.json") + " " + path("new.json") + " --markdown " + path("pipe") +
                           " >/dev/null; code=$?; wait; exit $code");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  struct stat after {};
  ASSERT_EQ(::stat((dir_ / "pipe").c_str(), &after), 0);
  EXPECT_TRUE(S_ISFIFO(after.st_mode)) << "the FIFO was replaced by a regular file";
  EXPECT_NE(read_text(dir_ / "got").find("gemm/fp32/1024"), std::string::npos) << read_text(dir_ / "got");
}

TEST_F(ReportOutputs, WhenTheLastReportCannotBeWrittenNoReportOfTheRunIsLeft) {
  // A stale PASS from the previous run at the first paths; the Markdown
  // path cannot be written (a folder cannot be made under a regular file).
  write_text(dir_ / "out/kernels.junit.xml", kStalePass);
  write_text(dir_ / "out/kernels.comparison.json", "{\"exit_code\": 0}");
  write_text(dir_ / "blocker", "a regular file");
  const auto r = compare("--junit " + path("out/kernels.junit.xml") + " --json " + path("out/kernels.comparison.json") +
                         " --markdown " + path("blocker/kernels.md"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("blocker/kernels.md"), std::string::npos) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
  EXPECT_FALSE(fs::exists(dir_ / "out/kernels.junit.xml")) << "a stale or partial JUnit report is left";
  EXPECT_FALSE(fs::exists(dir_ / "out/kernels.comparison.json")) << "a comparison of a run that exits 2 is left";
  EXPECT_FALSE(any_temporary_in(dir_ / "out"));
  EXPECT_EQ(read_text(dir_ / "new.json"), results_to_json(run_of(1e-3, 2))) << "inputs are never removed";
}

TEST_F(ReportOutputs, WhenTheFirstReportCannotBeWrittenTheStalePassIsRemoved) {
  write_text(dir_ / "out/kernels.junit.xml", kStalePass);
  write_text(dir_ / "blocker", "a regular file");
  const auto r = compare("--json " + path("blocker/kernels.comparison.json") + " --junit " + path("out/kernels.junit.xml"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
  EXPECT_FALSE(fs::exists(dir_ / "out/kernels.junit.xml")) << "the previous run's PASS can still be published";
  EXPECT_FALSE(any_temporary_in(dir_ / "out"));
}

TEST_F(ReportOutputs, ASuiteBinaryRefusesAReportOverItsBaseline) {
  // Refused before the baseline is read or anything measured, so the
  // baseline's content does not matter.
  write_text(dir_ / "base.json", "not even JSON");
  for (const std::string& flag : {"--perfgate_junit=", "--perfgate_results=", "--perfgate_markdown="}) {
    const auto r = run_shell("(" + shell_word(PERFGATE_HOST_SUITE) + " --perfgate_baseline=" + path("base.json") + " " +
                             flag + path("base.json") + " --benchmark_filter=none 2>&1 >/dev/null)");
    EXPECT_EQ(r.exit_code, 2) << flag << ": " << r.output;
    EXPECT_NE(r.output.find("base.json"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("same file"), std::string::npos) << "refused only after reading it: " << r.output;
    EXPECT_EQ(read_text(dir_ / "base.json"), "not even JSON");
  }
}

}  // namespace
}  // namespace perfgate
