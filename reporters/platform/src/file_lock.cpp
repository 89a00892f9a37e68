#include "perfgate/platform/file_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate {

FileLock::FileLock(const std::filesystem::path& guarded_file) {
  std::filesystem::path folder = guarded_file.parent_path();
  if (folder.empty()) folder = ".";
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) throw OutputError(folder.string() + ": cannot create folder: " + error.message());
  fd_ = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd_ < 0) throw OutputError(folder.string() + ": cannot open folder to lock it: " + std::strerror(errno));
  while (::flock(fd_, LOCK_EX) != 0) {
    if (errno == EINTR) continue;
    const int failure = errno;
    ::close(fd_);
    throw OutputError(folder.string() + ": cannot lock: " + std::strerror(failure));
  }
  // Now no writer of this folder is half way through a write: what a killed
  // one left can go (it would otherwise show up in `git status`).
  sweep_stale_temporaries(folder);
}

FileLock::~FileLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

}  // namespace perfgate
