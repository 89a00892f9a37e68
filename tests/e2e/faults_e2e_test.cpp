// Faults a gate in CI meets, each with the outcome perfgate promises:
//   - a baseline write killed (SIGKILL) half way leaves the old baseline intact;
//   - two baseline writes at once serialize (the later one wins, whole);
//   - a read-only or full output folder is a one-line error, exit 2, and no
//     report is left at that path (neither a partial nor the previous one);
//   - a temporary file a killed writer left is swept by the next write.
// The kill lands mid-write through PERFGATE_TEST_PAUSE_MID_WRITE_S (the
// atomic writer sleeps after writing half of the content).

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include <gtest/gtest.h>

#include "perfgate/formats/results_io.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;
using testing::write_text;

std::string cli() { return "env -u CI " + shell_word(PERFGATE_CLI); }

Results run_of(double seconds, std::uint64_t seed) {
  return testing::results("kernels", {benchmark("gemm/fp32/1024", lognormal_samples(seconds, 0.01, 10, seed)),
                                      benchmark("copy/d2d/64MiB", lognormal_samples(5e-4, 0.01, 10, seed + 1))});
}

class Faults : public ::testing::Test {
 protected:
  void SetUp() override {
    write_text(dir_ / "old.json", results_to_json(run_of(1e-3, 1)));
    write_text(dir_ / "new.json", results_to_json(run_of(2e-3, 2)));
    write_text(dir_ / "newer.json", results_to_json(run_of(3e-3, 3)));
    const auto first = run_shell(promote("old.json"));
    ASSERT_EQ(first.exit_code, 0) << first.output;
  }

  std::string promote(const std::string& file, const std::string& environment = "") const {
    return environment + " " + cli() + " baseline promote " + shell_word((dir_ / file).string()) + " --baseline-dir " +
           shell_word((dir_ / "baselines").string());
  }
  std::filesystem::path baseline() const {
    return dir_ / "baselines" / testing::test_cpu().slug / "kernels.json";
  }
  double baseline_median() const { return load_results(baseline()).find("gemm/fp32/1024")->samples.at(0); }

  // Up to 10 s for a writer to be paused half way: its temporary file beside
  // the baseline has bytes in it (and it holds the folder's lock).
  bool wait_for_half_written_baseline() const {
    for (int i = 0; i < 200; ++i) {
      for (const auto& entry : std::filesystem::directory_iterator(baseline().parent_path()))
        if (entry.path().filename().string().rfind(".kernels.json.tmp.", 0) == 0 && std::filesystem::file_size(entry) > 0)
          return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  }

  TempDir dir_;
};

TEST_F(Faults, ABaselineWriteKilledHalfWayLeavesTheOldBaseline) {
  const std::string before = read_text(baseline());
  // In the background, paused half way through the write; killed there.
  const std::string pid_file = (dir_ / "pid").string();
  ASSERT_EQ(run_shell("(" + promote("new.json", "PERFGATE_ALLOW_FAULT_INJECTION=1 PERFGATE_TEST_PAUSE_MID_WRITE_S=30") + " >/dev/null 2>&1 & echo $! > " +
                      shell_word(pid_file) + ")").exit_code, 0);
  ASSERT_TRUE(wait_for_half_written_baseline()) << "the write never started";
  const std::string pid = read_text(pid_file);
  ASSERT_EQ(run_shell("kill -9 " + pid).exit_code, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(read_text(baseline()), before);
  EXPECT_NO_THROW(load_results(baseline()));
  // The killed writer's temporary is litter (git status shows it) until the
  // next write sweeps it.
  ASSERT_EQ(run_shell(promote("newer.json")).exit_code, 0);
  for (const auto& entry : std::filesystem::directory_iterator(baseline().parent_path()))
    EXPECT_EQ(entry.path().filename().string().find(".tmp."), std::string::npos) << entry.path();
}

TEST_F(Faults, TwoBaselineWritesAtOnceSerialize) {
  // The first holds the folder's lock while paused half way through its
  // write; the second, started once the first is in that state, must wait
  // for it and then write whole: its content is the one that stays.
  const std::string done = (dir_ / "first_done").string();
  // Detached from the shell's output, so that run_shell returns at once.
  ASSERT_EQ(run_shell("(" + promote("new.json", "PERFGATE_ALLOW_FAULT_INJECTION=1 PERFGATE_TEST_PAUSE_MID_WRITE_S=3") + "; touch " + shell_word(done) +
                      ") >/dev/null 2>&1 &").exit_code, 0);
  ASSERT_TRUE(wait_for_half_written_baseline()) << "the first write never started";
  const auto start = std::chrono::steady_clock::now();
  const auto second = run_shell(promote("newer.json"));
  const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(second.exit_code, 0) << second.output;
  EXPECT_GT(waited, 1.0) << "the second write did not wait for the first";
  for (int i = 0; i < 100 && !std::filesystem::exists(done); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_NEAR(baseline_median(), 3e-3, 3e-4) << "the later write wins, whole";
}

TEST_F(Faults, AReadOnlyOutputFolderIsOneLineAndExitTwo) {
  // sysfs refuses new files even to root (a chmod'ed folder does not); only
  // stderr is kept: the table on stdout comes first, as usual.
  const auto r = run_shell("(" + cli() + " compare " + shell_word((dir_ / "old.json").string()) + " " +
                           shell_word((dir_ / "new.json").string()) + " --junit /sys/perfgate-report.xml 2>&1 >/dev/null)");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("/sys/perfgate-report.xml: cannot create a temporary file in /sys"), std::string::npos) << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
}

TEST_F(Faults, AFullDiskIsOneLineAndExitTwoAndNoStaleReportStays) {
  // A file-size limit of 512 bytes stands in for a full disk. SIGXFSZ keeps
  // its default disposition here (it would end perfgate without a word):
  // perfgate ignores it itself, so the write fails with EFBIG. The previous
  // run's report at that path is removed, not left to pass for this run's.
  write_text(dir_ / "out/comparison.json", "previous report");
  const auto r = run_shell("(trap - XFSZ; ulimit -f 1; " + cli() + " compare " + shell_word((dir_ / "old.json").string()) +
                           " " + shell_word((dir_ / "new.json").string()) + " --json " +
                           shell_word((dir_ / "out/comparison.json").string()) + " 2>&1 >/dev/null)");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("comparison.json: cannot write: File too large"), std::string::npos) << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir_ / "out/comparison.json")) << "a stale report is left";
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir_ / "out"), {}), 0) << "a temporary file is left";
}

TEST_F(Faults, AStaleTemporaryOfADeadWriterIsSweptByTheNextWrite) {
  // What a writer killed with SIGKILL leaves beside the baseline; the next
  // write (holding the folder's lock) removes it. A temporary of a live
  // process (this test's) is someone's write in progress: it stays.
  const auto dead = run_shell("sh -c 'echo $$'");
  ASSERT_EQ(dead.exit_code, 0);
  const std::string dead_pid = dead.output.substr(0, dead.output.find('\n'));
  const auto folder = baseline().parent_path();
  write_text(folder / (".kernels.json.tmp." + dead_pid + ".5eed"), "{\"half\": ");
  const std::string live = ".kernels.json.tmp." + std::to_string(::getpid()) + ".beef";
  write_text(folder / live, "in progress");
  write_text(folder / ".notes.txt", "not a temporary");
  const auto r = run_shell(promote("new.json"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_FALSE(std::filesystem::exists(folder / (".kernels.json.tmp." + dead_pid + ".5eed")));
  EXPECT_TRUE(std::filesystem::exists(folder / live));
  EXPECT_TRUE(std::filesystem::exists(folder / ".notes.txt"));
}

}  // namespace
}  // namespace perfgate
