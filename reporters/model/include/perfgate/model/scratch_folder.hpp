#pragma once
// A private temporary folder (mkdtemp under the system's temporary folder)
// removed with everything in it when it goes out of scope: where a run
// keeps files nobody else reads (a worker's journal, A/B rounds).

#include <filesystem>
#include <string>

namespace perfgate {

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
