// Interrupted runs leave no litter and no orphans (issue 15):
//   - SIGTERM on a gate run: its worker ends, the cases that had finished are
//     written to the results file, the scratch folder is removed, and the
//     previous run's reports are removed rather than left to pass for it;
//   - SIGTERM on `perfgate baseline update`: the suite it runs (and that
//     suite's worker) end with it and its scratch folder is removed;
//     SIGKILL, which nothing can handle, still takes the children along
//     (PR_SET_PDEATHSIG);
//   - a file-size limit makes a suite binary's write fail with one line,
//     exit 2, instead of killing it with SIGXFSZ.
// The fixture suite's middle case says when it is running (PERFGATE_TEST_HANG)
// and waits there, so every signal lands at a known point; every wait is for
// a condition, with a deadline.

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <functional>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "shell.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;
using testing::write_text;

bool wait_until(const std::function<bool()>& done, double seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < deadline) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return done();
}

// The third field of /proc/PID/stat ('Z': a zombie, dead but not reaped:
// this container's init may never reap the orphans of a killed shell).
char process_state(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), {});
  const auto end_of_name = text.rfind(')');
  return end_of_name == std::string::npos || end_of_name + 2 >= text.size() ? 'X' : text[end_of_name + 2];
}

bool running(pid_t pid) {
  if (::kill(pid, 0) != 0) return false;
  const char state = process_state(pid);
  return state != 'Z' && state != 'X';
}

pid_t parent_of(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), {});
  std::istringstream rest(text.substr(text.rfind(')') + 2));
  char state = 0;
  pid_t parent = 0;
  rest >> state >> parent;
  return parent;
}

std::size_t entries_in(const fs::path& folder) {
  return static_cast<std::size_t>(std::distance(fs::directory_iterator(folder), {}));
}

class Interrupted : public ::testing::Test {
 protected:
  void SetUp() override { fs::create_directories(dir_ / "tmp"); }
  void TearDown() override {
    for (pid_t pid : started_)  // whatever a failed test left running
      if (running(pid)) ::kill(pid, SIGKILL);
  }

  std::string environment() const {
    return "env -u CI TMPDIR=" + shell_word((dir_ / "tmp").string()) + " PERFGATE_TEST_HANG=" +
           shell_word((dir_ / "hang").string());
  }
  // `command` in the background; its exit code lands in dir/status.
  void start(const std::string& command) {
    ASSERT_EQ(run_shell("(" + command + " >" + shell_word((dir_ / "log").string()) + " 2>&1; echo $? >" +
                        shell_word((dir_ / "status.partial").string()) + "; mv " +
                        shell_word((dir_ / "status.partial").string()) + " " + shell_word((dir_ / "status").string()) +
                        ") >/dev/null 2>&1 &")
                  .exit_code,
              0);
  }
  // The worker's and the gate process's pids once the middle case runs.
  std::pair<pid_t, pid_t> wait_for_hanging_case() {
    if (!wait_until([&] { return fs::exists(dir_ / "hang"); }, 120)) return {0, 0};
    std::istringstream pids(read_text(dir_ / "hang"));
    pid_t worker = 0, gate = 0;
    pids >> worker >> gate;
    started_.push_back(worker);
    started_.push_back(gate);
    return {worker, gate};
  }
  std::string wait_for_status() {
    if (!wait_until([&] { return fs::exists(dir_ / "status"); }, 60)) return "(still running)";
    std::string status = read_text(dir_ / "status");
    return status.substr(0, status.find('\n'));
  }
  std::string log() const { return fs::exists(dir_ / "log") ? read_text(dir_ / "log") : ""; }

  TempDir dir_;
  std::vector<pid_t> started_;
};

std::string suite() { return shell_word(PERFGATE_CRASH_SUITE) + " --benchmark_repetitions=3"; }

TEST_F(Interrupted, ASigtermedGateRunKeepsItsFinishedCasesAndLeavesNoScratchFolder) {
  const std::string baseline = (dir_ / "baseline.json").string();
  const auto recorded = run_shell(suite() + " --perfgate_mode=record --perfgate_results=" + shell_word(baseline));
  ASSERT_EQ(recorded.exit_code, 0) << recorded.output;
  write_text(dir_ / "out/crash_selftest.junit.xml", "<testsuites><testsuite failures=\"0\"/></testsuites>");

  // In order, so that the first case has finished when the middle one hangs.
  start(environment() + " " + suite() + " --benchmark_enable_random_interleaving=false --perfgate_baseline=" +
        shell_word(baseline) + " --perfgate_out_dir=" + shell_word((dir_ / "out").string()));
  const auto [worker, gate] = wait_for_hanging_case();
  ASSERT_GT(gate, 0) << "the middle case never started: " << log();
  ASSERT_EQ(::kill(gate, SIGTERM), 0);

  EXPECT_EQ(wait_for_status(), "143") << log();
  EXPECT_TRUE(wait_until([&] { return !running(worker); }, 30)) << "the worker outlived the gate process";
  EXPECT_EQ(entries_in(dir_ / "tmp"), 0u) << "the scratch folder is left";
  ASSERT_TRUE(fs::exists(dir_ / "out/crash_selftest.results.json")) << log();
  const json results = json::parse(read_text(dir_ / "out/crash_selftest.results.json"));
  std::vector<std::string> names;
  for (const json& b : results["benchmarks"]) names.push_back(b["name"]);
  EXPECT_EQ(names, std::vector<std::string>{"selftest/first"}) << results.dump();
  EXPECT_FALSE(fs::exists(dir_ / "out/crash_selftest.junit.xml")) << "the previous run's PASS is left";
  EXPECT_NE(log().find("interrupted"), std::string::npos) << log();
}

// Issue 41: SIGTERM while a re-measurement round hangs in a case that
// ignores it (a wait in a driver): the worker is killed with its process
// group once the grace is over, its folder removed, the run ends as
// interrupted.  It once waited for the worker for ever, and a CI runner's
// SIGKILL then left the folder in $TMPDIR.
TEST_F(Interrupted, ASigtermDuringAHungRoundLeavesNoWorkerFolderAndNoOrphan) {
  const std::string baseline = (dir_ / "baseline.json").string();
  const auto recorded = run_shell(shell_word(PERFGATE_CRASH_SUITE) +
                                  " --benchmark_repetitions=10 --perfgate_mode=record --perfgate_results=" + shell_word(baseline));
  ASSERT_EQ(recorded.exit_code, 0) << recorded.output;
  json fast = json::parse(read_text(baseline));  // the middle case 50 times faster: re-measured
  for (json& c : fast["benchmarks"])
    if (c["name"] == "selftest/crashes") {
      for (json& t : c["samples"]) t = t.get<double>() / 50;
      c["median"] = c["median"].get<double>() / 50;
    }
  write_text(dir_ / "fast.json", fast.dump());

  const fs::path hang = dir_ / "round-hang";
  start("env -u CI TMPDIR=" + shell_word((dir_ / "tmp").string()) + " PERFGATE_TEST_ROUND_MARK=" +
        shell_word((dir_ / "mark").string()) + " PERFGATE_TEST_HANG_IN_ROUND=" + shell_word(hang.string()) + " " +
        shell_word(PERFGATE_CRASH_SUITE) + " --benchmark_repetitions=10 --perfgate_round_deadline_floor=600 --perfgate_baseline=" +
        shell_word((dir_ / "fast.json").string()) + " --perfgate_out_dir=" + shell_word((dir_ / "out").string()));
  ASSERT_TRUE(wait_until([&] { return fs::exists(hang) || fs::exists(dir_ / "status"); }, 120) && fs::exists(hang))
      << "the round never hung: " << log();
  std::istringstream pids(read_text(hang));
  pid_t worker = 0, gate = 0, child = 0;
  pids >> worker >> gate >> child;
  started_.insert(started_.end(), {worker, gate, child});
  ASSERT_GT(child, 0) << read_text(hang);
  EXPECT_EQ(entries_in(dir_ / "tmp"), 1u) << "the round's worker folder";
  ASSERT_EQ(::kill(gate, SIGTERM), 0);

  EXPECT_EQ(wait_for_status(), "143") << log();
  EXPECT_TRUE(wait_until([&] { return !running(worker) && !running(child); }, 30))
      << "the hung worker (" << worker << ") or its case's child (" << child << ") outlived the gate process";
  EXPECT_EQ(entries_in(dir_ / "tmp"), 0u) << "the worker folder is left";
  EXPECT_NE(log().find("interrupted by signal 15"), std::string::npos) << log();
  ASSERT_TRUE(fs::exists(dir_ / "out/crash_selftest.results.json")) << "the run's measurements, written before the rounds";
  EXPECT_FALSE(fs::exists(dir_ / "out/crash_selftest.junit.xml")) << "an interrupted gate has no reports";
}

class InterruptedUpdate : public Interrupted {
 protected:
  void SetUp() override {
    Interrupted::SetUp();
    const json manifest = {{"schema", "perfgate/suites"},
                           {"schema_version", 1},
                           {"suites", {{{"name", "crash_selftest"}, {"binary", PERFGATE_CRASH_SUITE}, {"gpu", false},
                                        {"baseline_dir", (dir_ / "baselines").string()}, {"args", json::array()}}}}};
    write_text(dir_ / "build/perfgate-suites.json", manifest.dump(2));
    start(environment() + " " + shell_word(PERFGATE_CLI) + " baseline update --build-dir " +
          shell_word((dir_ / "build").string()) + " --repetitions 5 --rounds 1");
    std::tie(worker_, suite_) = wait_for_hanging_case();
    ASSERT_GT(suite_, 0) << "the middle case never started: " << log();
    perfgate_ = parent_of(suite_);
    ASSERT_GT(perfgate_, 1);
    started_.push_back(perfgate_);
  }
  pid_t worker_ = 0, suite_ = 0, perfgate_ = 0;
};

TEST_F(InterruptedUpdate, ASigtermLeavesNoFolderAndNoOrphan) {
  ASSERT_EQ(::kill(perfgate_, SIGTERM), 0);
  EXPECT_EQ(wait_for_status(), "143") << log();
  EXPECT_TRUE(wait_until([&] { return !running(suite_) && !running(worker_); }, 30))
      << "the suite (" << suite_ << ") or its worker (" << worker_ << ") outlived perfgate";
  EXPECT_EQ(entries_in(dir_ / "tmp"), 0u) << "the scratch folder is left";
  EXPECT_FALSE(fs::exists(dir_ / "baselines")) << "an interrupted refresh wrote a baseline";
}

TEST_F(InterruptedUpdate, ASigkillLeavesNoOrphan) {
  ASSERT_EQ(::kill(perfgate_, SIGKILL), 0);
  EXPECT_TRUE(wait_until([&] { return !running(suite_) && !running(worker_); }, 30))
      << "the suite (" << suite_ << ") or its worker (" << worker_ << ") outlived perfgate";
}

TEST(SuiteBinary, AFileSizeLimitIsOneLineAndExitTwo) {
  // SIGXFSZ at its default disposition: it would end the binary silently.
  TempDir dir;
  const auto r = run_shell("(trap - XFSZ; ulimit -f 1; " + suite() + " --perfgate_mode=record --perfgate_results=" +
                           shell_word((dir / "results.json").string()) + " >/dev/null)");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("File too large"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("signal"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace perfgate
