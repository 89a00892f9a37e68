#pragma once
// A private temporary folder (mkdtemp under the system's temporary folder)
// removed with everything in it when it goes out of scope: where a run
// keeps files nobody else reads (a worker's journal, A/B rounds).  It holds
// .perfgate-scratch ("PID START-TIME" of its maker), so that a run killed
// before its destructor ran (kill -9) leaves a folder the next ScratchFolder
// can prove perfgate's and dead, and removes.

#include <filesystem>
#include <string>

namespace perfgate {

// Removes each perfgate-* folder in `temp` that this user owns, that holds
// .perfgate-scratch, and whose maker no longer runs (its pid is gone or now
// another process's).  Nothing else is touched: not another user's folder,
// not one without the owner file, not a live run's.  Every ScratchFolder
// calls it first.
void sweep_dead_scratch_folders(const std::filesystem::path& temp);

class ScratchFolder {
 public:
  // `prefix` names the folder ("perfgate-ab"); OutputError when it cannot be made.
  explicit ScratchFolder(const std::string& prefix);
  ~ScratchFolder();
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace perfgate
