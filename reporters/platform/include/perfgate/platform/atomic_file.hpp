#pragma once
// Files that are either fully written or not at all.

#include <filesystem>
#include <functional>
#include <ostream>
#include <string_view>

namespace perfgate {

// What writes a file's content into a stream, for content too big to hold
// whole (a 100,000-case comparison's JSON is 120 MB).
using ContentWriter = std::function<void(std::ostream&)>;

// Writes `content` to a temporary file in the same folder, fsyncs it, renames
// it over `file` and fsyncs the folder.  Creates missing parent folders.
// Throws OutputError("FILE: reason") and leaves any old `file` untouched.
// A `file` that exists and is neither a regular file nor a folder (a
// character device such as /dev/null, a FIFO) is written into instead:
// renaming over it would replace the device with a regular file.
// `synced` false: the same rename (a reader never sees half a file) without
// the two fsyncs, for the thousands of pages of a site that is regenerated
// whole (a crash may leave some empty; the next run writes them again).
void write_file_atomically(const std::filesystem::path& file, std::string_view content, bool synced = true);

// True for an existing path that is neither a regular file nor a folder
// (after symbolic links): /dev/null, /dev/stdout, a FIFO.
bool is_special_file(const std::filesystem::path& file);

// Opens an existing special file and writes `content` into it.  Throws
// OutputError("FILE: reason").
void write_in_place(const std::filesystem::path& file, std::string_view content);
void write_in_place(const std::filesystem::path& file, const ContentWriter& write);

// The first half of an atomic write: `content` in a temporary file beside
// `target` (named `.NAME.tmp.<pid>.<hex>`), on disk.  commit() renames it
// over the target; a StagedFile destroyed uncommitted removes its temporary.
// Several of them make a set of files that is written all or none.
class StagedFile {
 public:
  StagedFile(const std::filesystem::path& target, std::string_view content, bool synced = true);  // throws OutputError
  // The content written into the temporary as `write` makes it, in 1 MiB
  // blocks; what `write` throws leaves no temporary behind.
  StagedFile(const std::filesystem::path& target, const ContentWriter& write, bool synced = true);
  ~StagedFile();
  StagedFile(StagedFile&& other) noexcept;
  StagedFile& operator=(StagedFile&&) = delete;
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;

  void commit();  // throws OutputError; the temporary is gone either way
  const std::filesystem::path& target() const { return target_; }

 private:
  std::filesystem::path target_, temporary_;  // temporary_ empty once committed
  bool synced_ = true;
};

// Removes the temporaries of atomic writes (`.NAME.tmp.<pid>.<hex>`) in
// `folder` whose writing process no longer runs: what a writer killed with
// SIGKILL leaves.  Called while holding the folder's FileLock: the writers
// of a baseline folder take that lock, so none of theirs is in progress.
void sweep_stale_temporaries(const std::filesystem::path& folder);

// Reads a whole file; throws InputError("FILE: reason").
std::string read_file(const std::filesystem::path& file);

}  // namespace perfgate
