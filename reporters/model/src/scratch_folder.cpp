#include "perfgate/model/scratch_folder.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "perfgate/model/errors.hpp"

namespace perfgate {

ScratchFolder::ScratchFolder(const std::string& prefix) {
  std::string name = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
  if (::mkdtemp(name.data()) == nullptr)
    throw OutputError(name + ": cannot create a temporary folder: " + std::strerror(errno));
  path_ = name;
}

ScratchFolder::~ScratchFolder() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace perfgate
