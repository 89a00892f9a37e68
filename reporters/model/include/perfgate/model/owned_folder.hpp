#pragma once
// A folder perfgate writes into and may clear again (issue 26: nothing a
// user owns is touched).  It holds a marker, .perfgate-owned, listing every
// file perfgate wrote there; perfgate removes only those, never a folder
// recursively, and refuses a non-empty folder without the marker: a
// --report-dir or --out naming the user's own folder is an error (exit 2),
// not a folder emptied.

#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace perfgate {

inline constexpr const char* kOwnedFolderMarker = ".perfgate-owned";

class OwnedFolder {
 public:
  // `folder` is created when missing; an empty one is taken; one with the
  // marker is perfgate's; anything else is an OutputError naming `what`
  // ("the report folder").  The marker is written at once.
  OwnedFolder(std::filesystem::path folder, std::string what);

  // Removes the files the marker lists (what perfgate wrote last time), and
  // the sub-folders they were in when that leaves them empty.
  void clear_previous();

  // folder/relative, its sub-folders created, recorded in the marker before
  // it is written (a run killed half way leaves a marker that still names
  // every file it may have written).
  std::filesystem::path claim(const std::string& relative);

  // claim() of many files with one marker write: a site of thousands of
  // pages claims them all up front, not a marker rewrite a page.
  void claim_all(const std::vector<std::string>& relatives);

  const std::filesystem::path& path() const { return folder_; }

 private:
  void write_marker() const;

  std::filesystem::path folder_;
  std::string what_;
  std::set<std::string> files_;
};

}  // namespace perfgate
