// Issue 41: a libpq key=value connection string with a password, given as
// the history (a suite's --perfgate_history, perfgate's --history), is PostgreSQL:
// no file is named after it, and the password is in no output and no file.

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "shell.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;

constexpr const char* kPassword = "Kv-s3cret-41";

class ConninfoHistory : public ::testing::Test {
 protected:
  // libpq finds no server in an empty folder: the connection fails at once.
  std::string conninfo() const {
    return "host=" + (dir_ / "no-server").string() + " port=5432 dbname=perf user=ci password=" + kPassword;
  }
  testing::CommandResult in_work(const std::string& command) {
    fs::create_directories(dir_ / "no-server");
    fs::create_directories(dir_ / "work");
    return run_shell("cd " + shell_word((dir_ / "work").string()) + " && " + command + " 2>&1");
  }
  // Every file under the test's folder: none named after the password,
  // none holding it.
  void expect_no_password_anywhere(const testing::CommandResult& run) {
    EXPECT_EQ(run.output.find(kPassword), std::string::npos) << run.output;
    for (const auto& entry : fs::recursive_directory_iterator(dir_.path())) {
      EXPECT_EQ(entry.path().string().find("s3cret"), std::string::npos) << entry.path();
      EXPECT_EQ(entry.path().string().find("password"), std::string::npos) << entry.path();
      if (entry.is_regular_file())
        EXPECT_EQ(read_text(entry.path()).find(kPassword), std::string::npos) << entry.path();
    }
  }
  TempDir dir_;
};

TEST_F(ConninfoHistory, ASuiteTakesItAsPostgresqlNeverAFile) {
  const auto run = in_work(shell_word(PERFGATE_HOST_SUITE) + " --perfgate_mode=record --perfgate_out_dir=out " +
                           shell_word("--perfgate_history=" + conninfo()));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("could not connect"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("password=***"), std::string::npos) << run.output;
  expect_no_password_anywhere(run);
}

TEST_F(ConninfoHistory, PerfgateDbTakesItAsPostgresqlNeverAFile) {
  for (const std::string command : {"history show BM_x", "history changes", "history prune"}) {
    const auto run = in_work(shell_word(PERFGATE_CLI) + " " + command + " --history " + shell_word(conninfo()));
    EXPECT_EQ(run.exit_code, 2) << command << ": " << run.output;
    EXPECT_NE(run.output.find("could not connect"), std::string::npos) << command << ": " << run.output;
    expect_no_password_anywhere(run);
  }
}

}  // namespace
}  // namespace perfgate
