#pragma once
// A folder perfgate writes into and may clear again (issue 26: nothing a
// user owns is touched).  It holds a marker, .perfgate-owned, listing every
// file perfgate wrote there; perfgate removes only those, never a folder
// recursively, and refuses a non-empty folder without the marker: a
// --report-dir or --out naming the user's own folder is an error (exit 2),
// not a folder emptied.
//
// The marker is only a hint (issue 41: one can be planted in a pull request's
// files): a listed name is removed only when it is one of the names the
// folder's writer gives (OwnedNames, fixed in the code), and never through a
// symbolic link: the folder is opened without following one and every
// removal, sub-folder and write goes relative to it; a link where a folder
// is expected is an OutputError naming it (exit 2), before anything is removed.

#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace perfgate {

inline constexpr const char* kOwnedFolderMarker = ".perfgate-owned";

// The names perfgate writes into one kind of owned folder: each exact
// ("summary.md") or with one '*' in its last part, standing for one or more
// characters other than '/' ("junit/*.junit.xml").
using OwnedNames = std::vector<std::string>;

class OwnedFolder {
 public:
  // `folder` is created when missing; an empty one is taken; one with the
  // marker is perfgate's; anything else, a symbolic link included (as the
  // folder or as any sub-folder of `names`), is an OutputError naming `what`
  // ("the report folder").  The marker is written at once.  Only files of
  // `names` are ever claimed or removed.
  OwnedFolder(std::filesystem::path folder, std::string what, OwnedNames names);

  // Removes the files the marker lists (what perfgate wrote last time) that
  // are of `names`, and the sub-folders they were in when that leaves them
  // empty; any other name the marker lists is left alone.
  void clear_previous();

  // folder/relative, its sub-folders created (none through a link: an
  // OutputError), recorded in the marker before it is written (a run killed
  // half way leaves a marker that still names every file it may have
  // written).  A name not of `names` is an OutputError.
  std::filesystem::path claim(const std::string& relative);

  // claim() of many files with one marker write: a site of thousands of
  // pages claims them all up front, not a marker rewrite a page.
  void claim_all(const std::vector<std::string>& relatives);

  const std::filesystem::path& path() const { return folder_; }

 private:
  void write_marker() const;
  void require_owned_name(const std::string& relative) const;

  std::filesystem::path folder_;
  std::string what_;
  OwnedNames names_;
  std::set<std::string> files_;
};

}  // namespace perfgate
