#pragma once
// A folder opened without following a symbolic link, and everything done
// in it relative to that descriptor (openat, mkdirat, unlinkat, never
// following a link): a link planted where a folder or a file of perfgate's
// is expected (a pull request's files, issue 41) can never make perfgate
// remove or write anything outside the folder.

#include <filesystem>
#include <optional>
#include <string>

namespace perfgate::detail {

class NoFollowFolder {
 public:
  // `path` opened (O_DIRECTORY | O_NOFOLLOW); an OutputError naming it when
  // it is a symbolic link, not a folder or cannot be opened.
  explicit NoFollowFolder(const std::filesystem::path& path);
  NoFollowFolder(NoFollowFolder&& other) noexcept;
  NoFollowFolder& operator=(NoFollowFolder&& other) noexcept;
  NoFollowFolder(const NoFollowFolder&) = delete;
  NoFollowFolder& operator=(const NoFollowFolder&) = delete;
  ~NoFollowFolder();

  // The sub-folder `name` (one path component), created first when
  // `create`; nullopt when it is absent and not created.  An OutputError
  // naming `shown` when it is a symbolic link or anything but a folder.
  std::optional<NoFollowFolder> sub(const std::string& name, const std::filesystem::path& shown, bool create) const;

  // Removes `name` when it is a regular file (a link, a folder or anything
  // else stays); false when nothing was removed.
  bool remove_file(const std::string& name) const;

  // Removes the sub-folder `name` when it is an empty folder (not a link).
  void remove_empty_folder(const std::string& name) const;

 private:
  explicit NoFollowFolder(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace perfgate::detail
