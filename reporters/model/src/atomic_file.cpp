#include "perfgate/model/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <thread>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <system_error>

#include "perfgate/model/errors.hpp"

namespace perfgate {
namespace fs = std::filesystem;
namespace {

[[noreturn]] void fail(const fs::path& file, const std::string& what, int error) {
  throw OutputError(file.string() + ": cannot " + what + ": " + std::strerror(error));
}

// A unique name in the same folder, so the final rename stays on one
// filesystem and is atomic.
fs::path temporary_beside(const fs::path& file) {
  std::random_device entropy;
  std::ostringstream name;
  name << '.' << file.filename().string() << ".tmp." << ::getpid() << '.' << std::hex << entropy();
  return file.parent_path() / name.str();
}

void write_all(int fd, std::string_view content, const fs::path& file, const fs::path& temporary) {
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int error = errno;
      ::close(fd);
      ::unlink(temporary.c_str());
      fail(file, "write", error);
    }
    done += static_cast<std::size_t>(n);
  }
}

// Fault tests kill a writer in the middle of its write: with
// PERFGATE_TEST_PAUSE_MID_WRITE_S=<seconds> the first half of the content is
// written, then the writer sleeps, then writes the rest.
double pause_mid_write_s() {
  const char* value = std::getenv("PERFGATE_TEST_PAUSE_MID_WRITE_S");
  return value ? std::atof(value) : 0.0;
}

void sync_folder(const fs::path& folder) {
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;  // the rename already happened; syncing is best effort
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

void write_file_atomically(const fs::path& file, std::string_view content) {
  const fs::path folder = file.parent_path();
  if (!folder.empty()) {
    std::error_code error;
    fs::create_directories(folder, error);
    if (error) fail(file, "create folder " + folder.string(), error.value());
  }
  const fs::path temporary = temporary_beside(file);
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) fail(file, "create a temporary file in " + (folder.empty() ? fs::path(".") : folder).string(), errno);
  if (const double pause = pause_mid_write_s(); pause > 0) {
    write_all(fd, content.substr(0, content.size() / 2), file, temporary);
    std::this_thread::sleep_for(std::chrono::duration<double>(pause));
    write_all(fd, content.substr(content.size() / 2), file, temporary);
  } else {
    write_all(fd, content, file, temporary);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    fail(file, "flush", error);
  }
  if (::rename(temporary.c_str(), file.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    fail(file, "replace", error);
  }
  sync_folder(folder);
}

std::string read_file(const fs::path& file) {
  std::error_code error;
  if (!fs::exists(file, error)) throw InputError(file.string() + ": no such file");
  if (fs::is_directory(file, error)) throw InputError(file.string() + ": is a folder, not a file");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError(file.string() + ": cannot open: " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError(file.string() + ": cannot read");
  return text.str();
}

}  // namespace perfgate
