#include "perfgate/model/owned_folder.hpp"

#include <sstream>

#include "perfgate/model/atomic_file.hpp"
#include "perfgate/model/errors.hpp"

namespace perfgate {
namespace fs = std::filesystem;
namespace {

constexpr const char* kMarkerHeader = "perfgate owned folder 1";

// A listed path perfgate may remove: relative, inside the folder, no "..".
// A marker edited by hand cannot point perfgate at anything else.
bool inside(const std::string& relative) {
  const fs::path p(relative);
  if (relative.empty() || p.is_absolute() || relative == kOwnedFolderMarker) return false;
  for (const fs::path& part : p)
    if (part == ".." || part == ".") return false;
  return true;
}

std::set<std::string> read_marker(const fs::path& marker) {
  std::istringstream lines(read_file(marker));
  std::string line;
  std::set<std::string> files;
  if (!std::getline(lines, line) || line != kMarkerHeader)
    throw OutputError(marker.string() + ": not a marker perfgate wrote (its first line is not '" + kMarkerHeader + "')");
  while (std::getline(lines, line))
    if (inside(line)) files.insert(line);
  return files;
}

bool is_empty_folder(const fs::path& folder) {
  std::error_code error;
  return fs::is_empty(folder, error) && !error;
}

}  // namespace

OwnedFolder::OwnedFolder(fs::path folder, std::string what) : folder_(std::move(folder)), what_(std::move(what)) {
  std::error_code error;
  const fs::path marker = folder_ / kOwnedFolderMarker;
  if (fs::exists(folder_, error) && !fs::is_directory(folder_, error))
    throw OutputError(folder_.string() + ": " + what_ + " is not a folder");
  if (fs::is_regular_file(marker, error)) {
    files_ = read_marker(marker);
    return;
  }
  if (fs::exists(folder_, error) && !is_empty_folder(folder_))
    throw OutputError(folder_.string() + ": " + what_ + " holds files perfgate did not write (no " + kOwnedFolderMarker +
                      "); name a new or empty folder: perfgate never replaces or removes a folder's own files");
  fs::create_directories(folder_, error);
  if (error) throw OutputError(folder_.string() + ": cannot create " + what_ + " (" + error.message() + ")");
  write_marker();
}

void OwnedFolder::clear_previous() {
  std::set<fs::path> folders;
  for (const std::string& relative : files_) {
    std::error_code error;
    const fs::path file = folder_ / relative;
    if (fs::is_regular_file(fs::symlink_status(file, error))) fs::remove(file, error);
    for (fs::path parent = fs::path(relative).parent_path(); !parent.empty(); parent = parent.parent_path())
      folders.insert(parent);
  }
  // Deepest first; fs::remove takes a folder only when it is empty.
  for (auto it = folders.rbegin(); it != folders.rend(); ++it) {
    std::error_code ignored;
    if (is_empty_folder(folder_ / *it)) fs::remove(folder_ / *it, ignored);
  }
  files_.clear();
  write_marker();
}

fs::path OwnedFolder::claim(const std::string& relative) {
  if (!inside(relative)) throw OutputError(relative + ": not a path inside " + folder_.string());
  const fs::path file = folder_ / relative;
  std::error_code error;
  fs::create_directories(file.parent_path(), error);
  if (error) throw OutputError(file.parent_path().string() + ": cannot create (" + error.message() + ")");
  if (files_.insert(relative).second) write_marker();
  return file;
}

void OwnedFolder::claim_all(const std::vector<std::string>& relatives) {
  for (const std::string& relative : relatives)
    if (!inside(relative)) throw OutputError(relative + ": not a path inside " + folder_.string());
  bool added = false;
  for (const std::string& relative : relatives) added = files_.insert(relative).second || added;
  if (added) write_marker();
}

void OwnedFolder::write_marker() const {
  std::string text = std::string(kMarkerHeader) + "\n";
  for (const std::string& relative : files_) text += relative + "\n";
  write_file_atomically(folder_ / kOwnedFolderMarker, text);
}

}  // namespace perfgate
