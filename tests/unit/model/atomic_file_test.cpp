#include "perfgate/model/atomic_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "perfgate/model/errors.hpp"
#include "perfgate/model/file_lock.hpp"
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

TEST(AtomicFile, CreatesMissingFolders) {
  const TempDir dir;
  write_file_atomically(dir / "a/b/c.json", "x");
  EXPECT_EQ(read_text(dir / "a/b/c.json"), "x");
}

TEST(AtomicFile, ReadOnlyFolderIsAnOutputErrorAndTheOldFileStays) {
  if (::geteuid() == 0) GTEST_SKIP() << "root ignores folder permissions";
  const TempDir dir;
  write_text(dir / "out/base.json", "old");
  ::chmod((dir / "out").c_str(), 0555);
  EXPECT_THROW(write_file_atomically(dir / "out/base.json", "new"), OutputError);
  ::chmod((dir / "out").c_str(), 0755);
  EXPECT_EQ(read_text(dir / "out/base.json"), "old");
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

}  // namespace
}  // namespace perfgate
