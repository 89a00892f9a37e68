#include "perfgate/model/child_process.hpp"

#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "perfgate/model/scratch_folder.hpp"

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

TEST(ChildProcess, OwnExecutableIsThisProgram) {
  EXPECT_EQ(own_executable("ignored"), std::filesystem::read_symlink("/proc/self/exe"));
}

}  // namespace
}  // namespace perfgate
