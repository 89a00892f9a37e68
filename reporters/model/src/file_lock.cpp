#include "perfgate/model/file_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include "perfgate/model/errors.hpp"

namespace perfgate {

FileLock::FileLock(const std::filesystem::path& guarded_file) {
  const std::filesystem::path lock_file = guarded_file.string() + ".lock";
  std::error_code ignored;
  std::filesystem::create_directories(lock_file.parent_path(), ignored);
  fd_ = ::open(lock_file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw OutputError(lock_file.string() + ": cannot create lock file: " + std::strerror(errno));
  while (::flock(fd_, LOCK_EX) != 0) {
    if (errno == EINTR) continue;
    const int error = errno;
    ::close(fd_);
    throw OutputError(lock_file.string() + ": cannot lock: " + std::strerror(error));
  }
}

FileLock::~FileLock() {
  // Closing releases the lock; the lock file stays so that waiting processes
  // keep locking the same inode.
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace perfgate
