#include "perfgate/platform/scratch_folder.hpp"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace fs = std::filesystem;
namespace {

constexpr const char* kOwnerFile = ".perfgate-scratch";

// Field 22 of /proc/PID/stat, the process's start time in clock ticks since
// boot: a pid reused by another process has another start time.  Empty when
// the process does not exist (or /proc cannot say).
std::string start_time_of(long pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const std::size_t after_name = text.rfind(')');  // the command name may hold spaces and ')'
  if (after_name == std::string::npos) return "";
  std::istringstream fields(text.substr(after_name + 2));
  std::string field;
  for (int i = 3; i <= 22 && fields >> field; ++i)
    if (i == 22) return field;
  return "";
}

// "PID START": written into each scratch folder, so that a later run can
// prove the folder perfgate's and its maker dead.
std::string owner_line() { return std::to_string(::getpid()) + " " + start_time_of(::getpid()); }

// A folder of ours whose maker died without removing it (kill -9, a power
// cut): its owner file names a process that no longer runs.
bool left_by_a_dead_run(const fs::path& folder) {
  struct stat info {};
  if (::lstat(folder.c_str(), &info) != 0 || !S_ISDIR(info.st_mode) || info.st_uid != ::geteuid()) return false;
  std::ifstream owner(folder / kOwnerFile);
  long pid = 0;
  std::string started;
  if (!(owner >> pid >> started) || pid <= 0) return false;
  if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) return true;
  const std::string now = start_time_of(pid);
  return !now.empty() && now != started;  // the pid is another process's now
}

}  // namespace

void sweep_dead_scratch_folders(const fs::path& temp) {
  std::error_code error;
  for (fs::directory_iterator it(temp, error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    if (name.rfind("perfgate-", 0) != 0 || !left_by_a_dead_run(it->path())) continue;
    std::error_code ignored;
    fs::remove_all(it->path(), ignored);
  }
}

ScratchFolder::ScratchFolder(const std::string& prefix) {
  const fs::path temp = fs::temp_directory_path();
  sweep_dead_scratch_folders(temp);
  std::string name = (temp / (prefix + "-XXXXXX")).string();
  if (::mkdtemp(name.data()) == nullptr)
    throw OutputError(name + ": cannot create a temporary folder: " + std::strerror(errno));
  path_ = name;
  std::ofstream(path_ / kOwnerFile) << owner_line() << "\n";
}

ScratchFolder::~ScratchFolder() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace perfgate
