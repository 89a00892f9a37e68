#include "no_follow_folder.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "perfgate/platform/errors.hpp"

namespace perfgate::detail {
namespace fs = std::filesystem;
namespace {

constexpr int kFolderFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;

// Why `name` (relative to `at`) could not be opened as a folder, in words
// that say what to do; `error` is the errno of the failed open.
[[noreturn]] void refuse(int at, const char* name, const fs::path& shown, int error) {
  struct stat info {};
  if (::fstatat(at, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(info.st_mode))
    throw OutputError(printable_text(shown.string()) +
                      ": a symbolic link where perfgate writes a folder; perfgate never writes or removes through "
                      "one (remove the link, or name a folder that is no link)");
  if (error == ENOTDIR || error == ELOOP) throw OutputError(printable_text(shown.string()) + ": not a folder");
  throw OutputError(printable_text(shown.string()) + ": cannot open the folder: " + std::strerror(error));
}

}  // namespace

NoFollowFolder::NoFollowFolder(const fs::path& path) : fd_(::open(path.c_str(), kFolderFlags)) {
  if (fd_ < 0) refuse(AT_FDCWD, path.c_str(), path, errno);
}

NoFollowFolder::NoFollowFolder(NoFollowFolder&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

NoFollowFolder& NoFollowFolder::operator=(NoFollowFolder&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

NoFollowFolder::~NoFollowFolder() {
  if (fd_ >= 0) ::close(fd_);
}

std::optional<NoFollowFolder> NoFollowFolder::sub(const std::string& name, const fs::path& shown, bool create) const {
  int fd = ::openat(fd_, name.c_str(), kFolderFlags);
  if (fd < 0 && errno == ENOENT) {
    if (!create) return std::nullopt;
    if (::mkdirat(fd_, name.c_str(), 0777) != 0 && errno != EEXIST)
      throw OutputError(printable_text(shown.string()) + ": cannot create the folder: " + std::strerror(errno));
    fd = ::openat(fd_, name.c_str(), kFolderFlags);
  }
  if (fd < 0) refuse(fd_, name.c_str(), shown, errno);
  return NoFollowFolder(fd);
}

bool NoFollowFolder::remove_file(const std::string& name) const {
  struct stat info {};
  if (::fstatat(fd_, name.c_str(), &info, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(info.st_mode)) return false;
  return ::unlinkat(fd_, name.c_str(), 0) == 0;
}

void NoFollowFolder::remove_empty_folder(const std::string& name) const {
  // AT_REMOVEDIR takes neither a link nor a folder that holds anything.
  ::unlinkat(fd_, name.c_str(), AT_REMOVEDIR);
}

}  // namespace perfgate::detail
