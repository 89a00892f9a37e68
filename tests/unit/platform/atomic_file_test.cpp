#include "perfgate/platform/atomic_file.hpp"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <grp.h>

#include <stdexcept>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/file_lock.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

using testing::read_text;
using testing::TempDir;
using testing::write_text;

std::size_t files_in(const std::filesystem::path& folder) {
  return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(folder), {}));
}

TEST(AtomicFile, ReplacesContentAndLeavesNoTemporary) {
  const TempDir dir;
  write_text(dir / "base.json", "old");
  write_file_atomically(dir / "base.json", "new content");
  EXPECT_EQ(read_text(dir / "base.json"), "new content");
  EXPECT_EQ(files_in(dir.path()), 1u);
}

// Content written as it is made, in 1 MiB blocks: all of it arrives, in
// order, and nothing is in place before the commit.
TEST(AtomicFile, StagesStreamedContentOverManyBlocks) {
  const TempDir dir;
  write_text(dir / "big.json", "old");
  std::string expected;
  for (int line = 0; line < 200000; ++line) expected += "line " + std::to_string(line) + "\n";
  ASSERT_GT(expected.size(), std::size_t{2} << 20);
  StagedFile staged(dir / "big.json", [](std::ostream& out) {
    for (int line = 0; line < 200000; ++line) out << "line " << line << '\n';
  });
  EXPECT_EQ(read_text(dir / "big.json"), "old");
  staged.commit();
  EXPECT_EQ(read_text(dir / "big.json"), expected);
  EXPECT_EQ(files_in(dir.path()), 1u);
}

// A writer that fails half-way (an error while rendering) leaves the old
// file and no temporary, and its error goes on to the caller.
TEST(AtomicFile, AWriterThatThrowsLeavesTheOldFileAndNoTemporary) {
  const TempDir dir;
  write_text(dir / "report.xml", "old");
  const auto failing = [](std::ostream& out) {
    out << std::string(3 << 20, 'x');
    throw std::runtime_error("rendering failed");
  };
  EXPECT_THROW(StagedFile(dir / "report.xml", failing), std::runtime_error);
  EXPECT_EQ(read_text(dir / "report.xml"), "old");
  EXPECT_EQ(files_in(dir.path()), 1u);
  EXPECT_THROW(write_in_place("/dev/null", failing), std::runtime_error);
}

TEST(AtomicFile, CreatesMissingFolders) {
  const TempDir dir;
  write_file_atomically(dir / "a/b/c.json", "x");
  EXPECT_EQ(read_text(dir / "a/b/c.json"), "x");
}

// Root ignores folder permissions, and CI runs as root: there the write runs
// in a child that drops to the unprivileged user (nobody, 65534) first.
// The child's exit code says what it saw: 0 an OutputError naming the file,
// 1 a write that succeeded, 2 anything else.
int write_in_read_only_folder(const std::filesystem::path& file) {
  const auto attempt = [&] {
    try {
      write_file_atomically(file, "new");
      return 1;
    } catch (const OutputError& e) {
      return std::string(e.what()).find(file.string()) != std::string::npos ? 0 : 2;
    } catch (...) {
      return 2;
    }
  };
  if (::geteuid() != 0) return attempt();
  const pid_t child = ::fork();
  if (child == 0) {
    if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(3);
    ::_exit(attempt());
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 4;
}

TEST(AtomicFile, ReadOnlyFolderIsAnOutputErrorAndTheOldFileStays) {
  const TempDir dir;
  write_text(dir / "out/base.json", "old");
  ::chmod(dir.path().c_str(), 0755);  // the unprivileged child may enter it
  ::chmod((dir / "out").c_str(), 0555);
  const int seen = write_in_read_only_folder(dir / "out/base.json");
  ::chmod((dir / "out").c_str(), 0755);
  EXPECT_EQ(seen, 0) << "0: OutputError naming the file; 1: it wrote; 2: another error; 3: could not drop privileges";
  EXPECT_EQ(read_text(dir / "out/base.json"), "old");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir / "out"), std::filesystem::directory_iterator{}), 1)
      << "no temporary left";
}

TEST(AtomicFile, UnwritablePathIsAnOutputError) {
  const TempDir dir;
  write_text(dir / "plain-file", "x");
  // A folder cannot be made under a regular file, as root or not.
  try {
    write_file_atomically(dir / "plain-file/sub/base.json", "new");
    FAIL() << "wrote under a regular file";
  } catch (const OutputError& e) {
    EXPECT_NE(std::string(e.what()).find("plain-file/sub/base.json"), std::string::npos) << e.what();
  }
}

TEST(AtomicFile, ReadFileNamesMissingFiles) {
  const TempDir dir;
  try {
    read_file(dir / "absent.json");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("absent.json: no such file"), std::string::npos);
  }
}

TEST(FileLock, SecondLockWaitsForTheFirstAndNothingIsLeftBehind) {
  const TempDir dir;
  const auto folder = dir / "baselines/cpu-x";
  auto lock = std::make_unique<FileLock>(folder / "host.json");
  // Checked from a child process: flock(1) on the same folder must fail
  // while the lock is held.
  const auto probe = testing::run_shell("flock -n " + testing::shell_word(folder.string()) + " true");
  EXPECT_NE(probe.exit_code, 0) << "lock not held";
  lock.reset();
  const auto after = testing::run_shell("flock -n " + testing::shell_word(folder.string()) + " true");
  EXPECT_EQ(after.exit_code, 0) << after.output;
  EXPECT_EQ(files_in(folder), 0u) << "no lock file in the baseline folder";
}

TEST(FileLock, SweepsTemporariesOfDeadWritersAndKeepsTheRest) {
  // A writer killed with SIGKILL leaves `.NAME.tmp.<pid>.<hex>`; its pid is
  // gone.  One of a live process (this one) is a write in progress.
  const TempDir dir;
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ASSERT_GT(child, 0);
  ASSERT_EQ(::waitpid(child, nullptr, 0), child);
  const auto folder = dir / "baselines/cpu-x";
  const std::string dead = ".host.json.tmp." + std::to_string(child) + ".1f2e";
  const std::string live = ".host.json.tmp." + std::to_string(::getpid()) + ".3c4d";
  write_text(folder / dead, "{\"half");
  write_text(folder / live, "in progress");
  write_text(folder / ".tmp.notes", "not a temporary of ours");
  write_text(folder / "host.json.tmp.1.x", "not hidden: not ours either");
  { const FileLock lock(folder / "host.json"); }
  EXPECT_FALSE(std::filesystem::exists(folder / dead));
  EXPECT_TRUE(std::filesystem::exists(folder / live));
  EXPECT_TRUE(std::filesystem::exists(folder / ".tmp.notes"));
  EXPECT_TRUE(std::filesystem::exists(folder / "host.json.tmp.1.x"));
}

TEST(AtomicFile, WritesIntoAFifoInsteadOfReplacingIt) {
  const TempDir dir;
  ASSERT_EQ(::mkfifo((dir / "pipe").c_str(), 0644), 0);
  std::string got;
  std::thread reader([&] { got = read_text(dir / "pipe"); });
  write_file_atomically(dir / "pipe", "report");
  reader.join();
  EXPECT_EQ(got, "report");
  struct stat after {};
  ASSERT_EQ(::stat((dir / "pipe").c_str(), &after), 0);
  EXPECT_TRUE(S_ISFIFO(after.st_mode));
}

}  // namespace
}  // namespace perfgate
