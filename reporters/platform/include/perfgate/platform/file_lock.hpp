#pragma once
// An exclusive advisory lock (flock) on the folder that holds a file, so two
// baseline refreshes of one device's folder run one after the other.  Locking
// the folder rather than a lock file leaves nothing behind in the tree; and
// whoever holds the lock sweeps the temporaries of killed writers there.

#include <filesystem>

namespace perfgate {

class FileLock {
 public:
  // Creates the folder if needed and blocks until the lock is held.  Throws
  // OutputError when the folder cannot be created or locked.
  explicit FileLock(const std::filesystem::path& guarded_file);
  ~FileLock();
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace perfgate
