// Nothing a user owns is touched: perfgate's output folders and temporary
// folders.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/owned_folder.hpp"
#include "perfgate/platform/scratch_folder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::TempDir;
using testing::write_text;

// What the folders of these tests' writer write.
const OwnedNames kNames{"index.html", "junit/*.junit.xml", "series/*.html", "series/*.js"};

TEST(OwnedFolder, ANewOrEmptyFolderBecomesPerfgatesWithAMarker) {
  const TempDir dir;
  fs::create_directories(dir / "empty");
  for (const fs::path& folder : {dir / "new/report", dir / "empty"}) {
    OwnedFolder owned(folder, "the report folder", kNames);
    write_text(owned.claim("junit/a.junit.xml"), "x");
    EXPECT_EQ(read_text(folder / kOwnedFolderMarker), "perfgate owned folder 1\njunit/a.junit.xml\n");
  }
}

TEST(OwnedFolder, AFolderOfTheUsersOwnFilesIsRefusedAndLeftAlone) {
  const TempDir dir;
  write_text(dir / "mine/notes.txt", "my notes");
  try {
    OwnedFolder owned(dir / "mine", "the report folder (--report-dir)", kNames);
    FAIL() << "a folder of the user's files was taken";
  } catch (const OutputError& e) {
    EXPECT_NE(std::string(e.what()).find("holds files perfgate did not write"), std::string::npos) << e.what();
  }
  EXPECT_EQ(read_text(dir / "mine/notes.txt"), "my notes");
  EXPECT_FALSE(fs::exists(dir / "mine" / kOwnedFolderMarker));
}

TEST(OwnedFolder, ClearingRemovesOnlyWhatPerfgateWrote) {
  const TempDir dir;
  {
    OwnedFolder first(dir / "report", "the report folder", kNames);
    write_text(first.claim("junit/a.junit.xml"), "a");
    write_text(first.claim("series/old.html"), "old");
    write_text(first.claim("index.html"), "index");
  }
  write_text(dir / "report/junit/mine.xml", "the user's");  // added later by hand
  write_text(dir / "report/README", "the user's");
  OwnedFolder second(dir / "report", "the report folder", kNames);
  second.clear_previous();
  EXPECT_FALSE(fs::exists(dir / "report/junit/a.junit.xml"));
  EXPECT_FALSE(fs::exists(dir / "report/index.html"));
  EXPECT_FALSE(fs::exists(dir / "report/series")) << "a folder perfgate emptied goes";
  EXPECT_EQ(read_text(dir / "report/junit/mine.xml"), "the user's");
  EXPECT_EQ(read_text(dir / "report/README"), "the user's");
  EXPECT_EQ(read_text(dir / "report" / kOwnedFolderMarker), "perfgate owned folder 1\n");
}

TEST(OwnedFolder, ClaimingManyAtOnceListsThemAllAndClearsThemLater) {
  const TempDir dir;
  {
    OwnedFolder owned(dir / "site", "the history report's folder", kNames);
    owned.claim_all({"index.html", "series/a.html", "series/a.js"});
    EXPECT_EQ(read_text(dir / "site" / kOwnedFolderMarker),
              "perfgate owned folder 1\nindex.html\nseries/a.html\nseries/a.js\n");
    write_text(owned.claim("series/a.html"), "a");  // claimed already: the marker stays
    write_text(owned.claim("index.html"), "i");
    EXPECT_THROW(owned.claim_all({"../outside.html"}), OutputError);
  }
  write_text(dir / "site/mine.txt", "the user's");
  OwnedFolder again(dir / "site", "the history report's folder", kNames);
  again.clear_previous();
  EXPECT_FALSE(fs::exists(dir / "site/index.html"));
  EXPECT_FALSE(fs::exists(dir / "site/series"));
  EXPECT_EQ(read_text(dir / "site/mine.txt"), "the user's");
}

// A marker edited to point elsewhere (issue 41: planted in a pull request)
// cannot make perfgate delete anything outside the folder, nor anything in
// it that perfgate does not write: the files here are the test's own, so a
// regressed guard fails the test rather than deleting a system file.
TEST(OwnedFolder, AForgedMarkerReachesNothingOutside) {
  const TempDir dir;
  const fs::path own = fs::absolute(dir / "own.txt");
  write_text(dir / "outside.txt", "keep");
  write_text(own, "keep");
  write_text(dir / "report/src/main.cpp", "the user's");
  write_text(dir / "report/.git/config", "the user's");
  write_text(dir / "report/junit/old.junit.xml", "perfgate's");
  write_text(dir / "report" / kOwnedFolderMarker, "perfgate owned folder 1\n../outside.txt\n" + own.string() +
                                                      "\n.\nsrc/main.cpp\n.git/config\njunit/../../outside.txt\n"
                                                      "junit/old.junit.xml\n");
  OwnedFolder owned(dir / "report", "the report folder", kNames);
  owned.clear_previous();
  EXPECT_EQ(read_text(dir / "outside.txt"), "keep");
  EXPECT_EQ(read_text(own), "keep") << "an absolute path the marker lists";
  EXPECT_EQ(read_text(dir / "report/src/main.cpp"), "the user's") << "listed, but no name perfgate writes";
  EXPECT_EQ(read_text(dir / "report/.git/config"), "the user's");
  EXPECT_FALSE(fs::exists(dir / "report/junit")) << "a name perfgate writes goes";
  EXPECT_THROW(owned.claim("../escape"), OutputError);
  EXPECT_THROW(owned.claim("src/main.cpp"), OutputError) << "no name of the folder's writer";
}

// A symbolic link where a sub-folder belongs is refused (before anything is
// removed) and never followed, by a removal or a write.
TEST(OwnedFolder, ALinkedSubFolderIsRefusedAndNothingOutsideIsTouched) {
  const TempDir dir;
  write_text(dir / "outside/a.html", "keep");
  {
    OwnedFolder first(dir / "site", "the history report's folder", kNames);
    write_text(first.claim("series/a.html"), "perfgate's");
  }
  fs::remove_all(dir / "site/series");
  fs::create_directory_symlink(fs::absolute(dir / "outside"), dir / "site/series");
  try {
    OwnedFolder second(dir / "site", "the history report's folder", kNames);
    FAIL() << "a linked sub-folder was taken";
  } catch (const OutputError& e) {
    EXPECT_NE(std::string(e.what()).find("series: a symbolic link"), std::string::npos) << e.what();
  }
  EXPECT_EQ(read_text(dir / "outside/a.html"), "keep");

  // A link made after the folder was taken: removals and writes still refuse it.
  fs::remove(dir / "site/series");
  OwnedFolder third(dir / "site", "the history report's folder", kNames);
  fs::create_directory_symlink(fs::absolute(dir / "outside"), dir / "site/series");
  EXPECT_THROW(third.clear_previous(), OutputError);
  EXPECT_THROW(third.claim("series/b.html"), OutputError);
  EXPECT_EQ(read_text(dir / "outside/a.html"), "keep");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir / "outside"), fs::directory_iterator{}), 1);

  // The folder itself a link: refused too.
  fs::create_directory_symlink(fs::absolute(dir / "outside"), dir / "linked");
  EXPECT_THROW(OwnedFolder(dir / "linked", "the report folder", kNames), OutputError);
  EXPECT_FALSE(fs::exists(dir / "outside" / kOwnedFolderMarker));
}

// The folder a ScratchFolder's maker left when it was killed (-9: no
// destructor ran) goes at the next ScratchFolder; a live run's, another
// program's and one without the owner file stay.
TEST(ScratchFolder, ALaterRunSweepsOnlyFoldersOfDeadRuns) {
  const TempDir dir;
  const pid_t child = ::fork();
  if (child == 0) {
    ::setenv("TMPDIR", dir.path().c_str(), 1);
    auto* leaked = new ScratchFolder("perfgate-update");  // never deleted: the process dies with it
    (void)leaked;
    ::_exit(0);
  }
  ASSERT_EQ(::waitpid(child, nullptr, 0), child);
  std::size_t left = 0;
  for (const auto& entry : fs::directory_iterator(dir.path())) left += entry.path().filename().string().rfind("perfgate-update-", 0) == 0;
  ASSERT_EQ(left, 1u) << "the killed run left its folder";
  write_text(dir / "perfgate-notes/keep.txt", "no owner file: not provably ours");
  write_text(dir / "other-tool-123/.perfgate-scratch", "1 1");
  ::setenv("TMPDIR", dir.path().c_str(), 1);
  {
    const ScratchFolder live("perfgate-ab");
    const ScratchFolder second("perfgate-update");  // sweeps; `live` is this process's and stays
    EXPECT_TRUE(fs::exists(live.path()));
    std::size_t updates = 0;
    for (const auto& entry : fs::directory_iterator(dir.path()))
      updates += entry.path().filename().string().rfind("perfgate-update-", 0) == 0;
    EXPECT_EQ(updates, 1u) << "the dead run's folder was swept, this run's made";
  }
  ::unsetenv("TMPDIR");
  EXPECT_EQ(read_text(dir / "perfgate-notes/keep.txt"), "no owner file: not provably ours");
  EXPECT_TRUE(fs::exists(dir / "other-tool-123/.perfgate-scratch"));
}

}  // namespace
}  // namespace perfgate
