#pragma once
// The reference built on this runner: a commit checked out in a git worktree
// kept under the candidate's build folder (<build>/perfgate-reference/<n>),
// configured as the candidate was (cmake_cache.hpp) and built for the
// selected perf tests only, incrementally on later runs (a worktree moves to
// the next commit and keeps its build folder) and through ccache when it is
// installed.  Or a reference built elsewhere (--against-build DIR: a build
// tree, or an installed suite bundle's), used as it is.

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "reference/cmake_cache.hpp"
#include "run_ctest_listing.hpp"

namespace perfgate {
class FileLock;
}

namespace perfgate::cli {

// The build being gated, as its CMake cache describes it.
struct CandidateBuild {
  std::filesystem::path build;   // absolute
  std::filesystem::path source;  // CMAKE_HOME_DIRECTORY
  std::filesystem::path cmake;   // the cmake that configured it (CMAKE_COMMAND)
  std::filesystem::path ctest;   // the ctest beside it
  CmakeCache cache;
};
// InputError when `build` has no CMake cache.
CandidateBuild read_candidate_build(const std::filesystem::path& build);

struct ReferenceBuild {
  std::string commit;               // the full commit id ("" for a build from elsewhere whose commit is unknown)
  std::string why;                  // how it was chosen: "the merge base of HEAD and main (GITHUB_BASE_REF=main)"
  std::filesystem::path build;      // the build folder its tests run in (through ctest)
  bool built_here = true;           // false: --against-build, built elsewhere
  std::filesystem::path built_in;   // where its programs were built: `build`, or --against-build's DIR
  std::filesystem::path worktree;   // built here: its worktree (ReferenceBuilds::release)
  std::set<std::string> tests;      // the ctest tests it has
  std::string problem;              // why it cannot serve as the reference; empty when it can
  double build_seconds = 0.0;
  bool usable() const { return problem.empty(); }
};

// <build>/perfgate-reference: the worktrees, one a commit of this run, each
// with its build folder.  The folder is perfgate's (a marker file says so;
// one without it is refused, never emptied) and locked while in use, so two
// runs on one build take turns.
class ReferenceBuilds {
 public:
  explicit ReferenceBuilds(const CandidateBuild& candidate);
  ~ReferenceBuilds();
  ReferenceBuilds(const ReferenceBuilds&) = delete;
  ReferenceBuilds& operator=(const ReferenceBuilds&) = delete;

  // `commit` built for `tests` in a worktree of its own in this run: the one
  // already at that commit, else the one least recently used that this run
  // has not taken, else a new one.  Only their programs are built: each
  // test's `program` is the candidate's, whose file name is the target
  // (perfgate_add_suite names the binary after its target).  A commit that
  // cannot be checked out, configured or built comes back with its problem,
  // the build's last lines and its log's path.
  struct Wanted {
    std::string test;
    std::filesystem::path program;
  };
  ReferenceBuild prepare(const std::string& commit, const std::string& why, const std::vector<Wanted>& tests);

  // `reference`'s worktree free again for this run: the next prepare() of
  // another commit moves it there and builds incrementally (perfgate
  // bisect's midpoints share one worktree).
  void release(const ReferenceBuild& reference);

  // A reference built elsewhere (--against-build DIR: a main-branch job's
  // artifact), measured here with no build step: a build tree whose tests'
  // programs are where its ctest says, or an installed suite bundle (or a
  // build tree unpacked elsewhere) whose programs are found by name
  // (DIR/bin/perf_<suite>, else anywhere below DIR).  Each test found runs
  // through a ctest folder of its own made here, with the candidate's
  // arguments, environment, working folder and timeout.  InputError when
  // DIR is no folder.
  ReferenceBuild prebuilt(const std::filesystem::path& dir, const std::vector<GatedTest>& tests);

  const std::filesystem::path& folder() const { return folder_; }

 private:
  std::filesystem::path take_worktree(const std::string& commit);

  const CandidateBuild& candidate_;
  std::filesystem::path folder_;
  std::unique_ptr<FileLock> lock_;
  std::set<std::filesystem::path> taken_;  // worktrees this run uses
  std::filesystem::path released_;         // the worktree released last: the next one taken
};

// The tests of a build tree's ctest (their names and programs).
std::map<std::string, std::filesystem::path> ctest_tests(const std::filesystem::path& ctest, const std::filesystem::path& build);

}  // namespace perfgate::cli
