#include "perfgate/platform/distinct_outputs.hpp"

#include <sys/stat.h>

#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace fs = std::filesystem;
namespace {

// The same path once `.`, `..` and symbolic links of existing folders are
// resolved, or the same file by device and inode (a hard link).
bool same_file(const fs::path& a, const fs::path& b) {
  std::error_code error_a, error_b;
  const fs::path canonical_a = fs::weakly_canonical(fs::absolute(a), error_a);
  const fs::path canonical_b = fs::weakly_canonical(fs::absolute(b), error_b);
  if (!error_a && !error_b && canonical_a == canonical_b) return true;
  struct stat info_a {}, info_b {};
  return ::stat(a.c_str(), &info_a) == 0 && ::stat(b.c_str(), &info_b) == 0 && info_a.st_dev == info_b.st_dev &&
         info_a.st_ino == info_b.st_ino;
}

}  // namespace

void require_distinct_outputs(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const NamedPath& out = outputs[i];
    // Written into, never replaced: /dev/null or /dev/stdout harm no input.
    if (out.path.empty() || is_special_file(out.path)) continue;
    for (const NamedPath& in : inputs)
      if (!in.path.empty() && same_file(out.path, in.path))
        throw InputError(out.path.string() + ": is the same file as " + in.role + " (" + in.path.string() +
                         "); refusing to write " + out.role + " over it");
    for (std::size_t j = 0; j < i; ++j)
      if (!outputs[j].path.empty() && same_file(out.path, outputs[j].path))
        throw InputError(out.path.string() + ": " + outputs[j].role + " and " + out.role +
                         " would both be written there; give each its own file");
  }
}

}  // namespace perfgate
