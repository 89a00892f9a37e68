#include "perfgate/platform/child_process.hpp"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "perfgate/platform/interruption.hpp"
#include "perfgate/platform/scratch_folder.hpp"

namespace perfgate {
namespace {

std::string read_all(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(ChildProcess, ExitCodeAndSignalAreTold) {
  const ChildExit exited = run_child({"/bin/sh", "-c", "exit 3"}, {});
  EXPECT_FALSE(exited.signaled);
  EXPECT_EQ(exited.code, 3);
  EXPECT_EQ(exited.describe(), "exit code 3");
  const ChildExit killed = run_child({"/bin/sh", "-c", "kill -ABRT $$"}, {});
  EXPECT_TRUE(killed.signaled);
  EXPECT_EQ(killed.code, SIGABRT);
  EXPECT_EQ(killed.describe().rfind("signal 6 (", 0), 0u) << killed.describe();
}

TEST(ChildProcess, EnvironmentIsAddedAndStdoutGoesToTheFile) {
  ScratchFolder folder("perfgate-child-test");
  ChildSetup setup;
  setup.environment["PERFGATE_CHILD_TEST"] = "added";
  setup.stdout_file = folder.path() / "out.txt";
  setup.stdin_closed = true;
  // stdin from /dev/null: cat ends at once.
  const ChildExit exit = run_child({"/bin/sh", "-c", "cat; printf %s \"$PERFGATE_CHILD_TEST\""}, setup);
  EXPECT_EQ(exit.code, 0);
  EXPECT_EQ(read_all(setup.stdout_file), "added");
}

TEST(ChildProcess, AChildThatDiesWithItsParentStillRuns) {
  ChildSetup setup;
  setup.die_with_parent = true;
  EXPECT_EQ(run_child({"/bin/sh", "-c", "exit 0"}, setup).code, 0);
}

TEST(ChildProcess, AProgramThatCannotStartIsAFailureNotStarted) {
  try {
    run_child({"/nonexistent/perfgate-child"}, {});
    FAIL() << "no ChildFailure";
  } catch (const ChildFailure& failure) {
    EXPECT_FALSE(failure.started);
    EXPECT_EQ(failure.error, ENOENT);
  }
}

// The pid a shell child wrote to `file`, once it is there.
pid_t pid_written_to(const std::filesystem::path& file) {
  pid_t pid = 0;
  std::istringstream(read_all(file)) >> pid;
  return pid;
}

bool alive(pid_t pid) {
  if (pid <= 0 || ::kill(pid, 0) != 0) return false;
  const std::string stat = read_all("/proc/" + std::to_string(pid) + "/stat");
  const auto end_of_name = stat.rfind(')');
  return end_of_name != std::string::npos && end_of_name + 2 < stat.size() && stat[end_of_name + 2] != 'Z';
}

// Issue 41: a hung re-measurement round is killed at its deadline, with
// everything it started (its process group), and says so.
TEST(ChildProcess, PastItsDeadlineTheChildIsKilledWithItsProcessGroup) {
  ScratchFolder folder("perfgate-child-test");
  const std::string grandchild = (folder.path() / "grandchild").string();
  ChildSetup setup;
  setup.own_process_group = true;
  setup.deadline_seconds = 0.5;
  const auto start = std::chrono::steady_clock::now();
  const ChildExit exit = run_child({"/bin/sh", "-c", "sleep 300 & echo $! >'" + grandchild + "'; wait"}, setup);
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(exit.past_deadline);
  EXPECT_TRUE(exit.signaled);
  EXPECT_EQ(exit.code, SIGKILL);
  EXPECT_LT(took, 60.0) << "waited for the hang";
  const pid_t sleeper = pid_written_to(grandchild);
  ASSERT_GT(sleeper, 0);
  for (int i = 0; i < 250 && alive(sleeper); ++i) ::usleep(20000);
  EXPECT_FALSE(alive(sleeper)) << "the child's own child outlived the deadline";

  const ChildExit quick = run_child({"/bin/sh", "-c", "exit 4"}, setup);
  EXPECT_FALSE(quick.past_deadline);
  EXPECT_EQ(quick.code, 4);
}

// A child that ignores the SIGTERM passed on to it is killed once the grace
// is over: the wait ends as interrupted instead of lasting until a SIGKILL
// from outside leaves the caller's scratch folders behind.
TEST(ChildProcess, AChildThatIgnoresAPassedOnSignalIsKilledAfterTheGrace) {
  ScratchFolder folder("perfgate-child-test");
  const std::filesystem::path started = folder.path() / "started";
  ChildSetup setup;
  setup.own_process_group = true;
  setup.grace_after_signal_seconds = 0.5;
  // Once the child runs (this process then passes the signal on, not dies of it).
  std::thread signaller([&] {
    for (int i = 0; i < 3000 && !std::filesystem::exists(started); ++i) ::usleep(20000);
    ::kill(::getpid(), SIGTERM);
  });
  const auto start = std::chrono::steady_clock::now();
  int interrupted = 0;
  try {
    run_child({"/bin/sh", "-c", "trap '' TERM; sleep 300 & : >'" + started.string() + "'; wait"}, setup);
  } catch (const Interrupted& stop) {
    interrupted = stop.signal;
  }
  signaller.join();
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(interrupted, SIGTERM);
  EXPECT_LT(took, 60.0);
}

TEST(ChildProcess, OwnExecutableIsThisProgram) {
  EXPECT_EQ(own_executable("ignored"), std::filesystem::read_symlink("/proc/self/exe"));
}

// The suite binaries (valgrind) and the front end (git, cmake) look
// programs up alike: executable files only, empty when none.
TEST(ChildProcess, FindInPathTakesTheFirstExecutableFileOfThatName) {
  const ScratchFolder folder("find-in-path");
  const auto dir = [&](const char* name) {
    std::filesystem::create_directories(folder.path() / name);
    return folder.path() / name;
  };
  const auto program = [](const std::filesystem::path& path, bool executable) {
    std::ofstream(path) << "#!/bin/sh\n";
    std::filesystem::permissions(path, executable ? std::filesystem::perms::owner_all : std::filesystem::perms::owner_read);
  };
  program(dir("plain") / "tool", false);
  std::filesystem::create_directories(dir("folder") / "tool");  // a directory named like it
  program(dir("real") / "tool", true);
  program(dir("later") / "tool", true);
  const char* saved = std::getenv("PATH");
  const std::string old_path = saved ? saved : "";
  const std::string path = (folder.path() / "plain").string() + "::" + (folder.path() / "folder").string() + ":" +
                           (folder.path() / "real").string() + ":" + (folder.path() / "later").string();
  ::setenv("PATH", path.c_str(), 1);
  const std::filesystem::path found = find_in_path("tool");
  const std::filesystem::path none = find_in_path("perfgate-no-such-tool");
  ::setenv("PATH", old_path.c_str(), 1);
  EXPECT_EQ(found, folder.path() / "real" / "tool");
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(find_in_path("./relative/tool"), std::filesystem::path("./relative/tool"));
}

}  // namespace
}  // namespace perfgate
