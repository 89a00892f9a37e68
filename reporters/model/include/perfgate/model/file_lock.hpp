#pragma once
// An exclusive advisory lock (flock) on `<file>.lock`, so two baseline
// refreshes of the same file run one after the other.

#include <filesystem>

namespace perfgate {

class FileLock {
 public:
  // Blocks until the lock is held.  Throws OutputError when the lock file
  // cannot be created.
  explicit FileLock(const std::filesystem::path& guarded_file);
  ~FileLock();
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace perfgate
