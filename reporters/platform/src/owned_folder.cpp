#include "perfgate/platform/owned_folder.hpp"

#include <optional>
#include <sstream>
#include <string_view>

#include "no_follow_folder.hpp"
#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace fs = std::filesystem;
namespace {

using detail::NoFollowFolder;

constexpr const char* kMarkerHeader = "perfgate owned folder 1";

// `name` is of `pattern` (OwnedNames): equal, or the pattern's '*' stands
// for one or more characters other than '/'.
bool of_pattern(const std::string& name, const std::string& pattern) {
  const std::size_t star = pattern.find('*');
  if (star == std::string::npos) return name == pattern;
  const std::string_view prefix(pattern.data(), star), suffix(pattern.data() + star + 1, pattern.size() - star - 1);
  if (name.size() <= prefix.size() + suffix.size() || !name.starts_with(prefix) || !name.ends_with(suffix)) return false;
  return name.find('/', prefix.size()) >= name.size() - suffix.size();
}

bool of_names(const std::string& name, const OwnedNames& names) {
  for (const std::string& pattern : names)
    if (of_pattern(name, pattern)) return true;
  return false;
}

// The folders of `relative` ("a/b/c.html": "a", "b") and its file name.
std::vector<std::string> folders_of(const std::string& relative) {
  std::vector<std::string> parts;
  for (const fs::path& part : fs::path(relative).parent_path()) parts.push_back(part.string());
  return parts;
}

// The sub-folder `folders` of `root`, each part opened without following a
// link (created when `create`); nullopt when one is absent.
std::optional<NoFollowFolder> open_folders(const NoFollowFolder& root, const fs::path& root_path,
                                           const std::vector<std::string>& folders, bool create) {
  std::optional<NoFollowFolder> at;
  fs::path shown = root_path;
  for (const std::string& name : folders) {
    shown /= name;
    std::optional<NoFollowFolder> next = (at ? *at : root).sub(name, shown, create);
    if (!next) return std::nullopt;
    at = std::move(next);
  }
  return at;
}

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

OwnedFolder::OwnedFolder(fs::path folder, std::string what, OwnedNames names)
    : folder_(std::move(folder)), what_(std::move(what)), names_(std::move(names)) {
  std::error_code error;
  const fs::path marker = folder_ / kOwnedFolderMarker;
  const fs::file_status status = fs::symlink_status(folder_, error);
  if (fs::is_symlink(status))
    throw OutputError(folder_.string() + ": " + what_ +
                      " is a symbolic link; perfgate never writes or removes through one (name the folder it points to)");
  if (fs::exists(status) && !fs::is_directory(status))
    throw OutputError(folder_.string() + ": " + what_ + " is not a folder");
  const bool owned = fs::is_regular_file(fs::symlink_status(marker, error));
  if (owned) {
    files_ = read_marker(marker);
  } else if (fs::exists(status) && !is_empty_folder(folder_)) {
    throw OutputError(folder_.string() + ": " + what_ + " holds files perfgate did not write (no " + kOwnedFolderMarker +
                      "); name a new or empty folder: perfgate never replaces or removes a folder's own files");
  } else {
    fs::create_directories(folder_, error);
    if (error) throw OutputError(folder_.string() + ": cannot create " + what_ + " (" + error.message() + ")");
  }
  // A link where a folder of `names` belongs is refused before anything is
  // removed or written.
  const NoFollowFolder root(folder_);
  for (const std::string& pattern : names_) open_folders(root, folder_, folders_of(pattern), /*create=*/false);
  if (!owned) write_marker();
}

void OwnedFolder::clear_previous() {
  const NoFollowFolder root(folder_);
  std::set<std::string> folders;
  for (const std::string& relative : files_) {
    if (!of_names(relative, names_)) continue;  // listed, but no name perfgate writes: the marker is only a hint
    const std::vector<std::string> parts = folders_of(relative);
    const std::optional<NoFollowFolder> at = open_folders(root, folder_, parts, /*create=*/false);
    if (!parts.empty() && !at) continue;  // its folder is gone already
    (at ? *at : root).remove_file(fs::path(relative).filename().string());
    for (fs::path parent = fs::path(relative).parent_path(); !parent.empty(); parent = parent.parent_path())
      folders.insert(parent.string());
  }
  // Deepest first ("a/b" sorts after "a"); only an empty folder goes.
  for (auto it = folders.rbegin(); it != folders.rend(); ++it) {
    const std::vector<std::string> parts = folders_of(*it);
    const std::optional<NoFollowFolder> parent = open_folders(root, folder_, parts, /*create=*/false);
    if (parts.empty() || parent) (parent ? *parent : root).remove_empty_folder(fs::path(*it).filename().string());
  }
  files_.clear();
  write_marker();
}

fs::path OwnedFolder::claim(const std::string& relative) {
  require_owned_name(relative);
  const NoFollowFolder root(folder_);
  open_folders(root, folder_, folders_of(relative), /*create=*/true);
  if (files_.insert(relative).second) write_marker();
  return folder_ / relative;
}

void OwnedFolder::require_owned_name(const std::string& relative) const {
  if (!inside(relative)) throw OutputError(relative + ": not a path inside " + folder_.string());
  if (!of_names(relative, names_))
    throw OutputError(folder_.string() + ": " + relative + " is no name perfgate writes in " + what_);
}

void OwnedFolder::claim_all(const std::vector<std::string>& relatives) {
  for (const std::string& relative : relatives) require_owned_name(relative);
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
