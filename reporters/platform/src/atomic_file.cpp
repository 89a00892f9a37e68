#include "perfgate/platform/atomic_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/descriptor_write.hpp"
#include "perfgate/platform/fault_switch.hpp"
#include "perfgate/platform/interruption.hpp"

namespace perfgate {
namespace fs = std::filesystem;
namespace {

constexpr const char* kTemporaryMark = ".tmp.";

[[noreturn]] void fail(const fs::path& file, const std::string& what, int error) {
  throw OutputError(file.string() + ": cannot " + what + ": " + std::strerror(error));
}

// A unique name in the same folder, so the final rename stays on one
// filesystem and is atomic.  The pid in it lets a later writer tell a
// temporary whose writer was killed (sweep_stale_temporaries).
fs::path temporary_beside(const fs::path& file) {
  std::random_device entropy;
  std::ostringstream name;
  name << '.' << file.filename().string() << kTemporaryMark << ::getpid() << '.' << std::hex << entropy();
  return file.parent_path() / name.str();
}

// Fault tests kill a writer in the middle of its write: with the test-only
// switch PERFGATE_TEST_PAUSE_MID_WRITE_S=<seconds> (fault_switch.hpp) the
// first half of the content's last block is written, then the writer
// sleeps, then writes the rest.
double pause_mid_write_s() {
  const std::optional<std::string> value = fault_switch("PERFGATE_TEST_PAUSE_MID_WRITE_S");
  return value ? std::atof(value->c_str()) : 0.0;
}

int write_last_block(int fd, std::string_view content) {
  const double pause = pause_mid_write_s();
  if (pause <= 0) return detail::write_fully(fd, content);
  if (const int error = detail::write_fully(fd, content.substr(0, content.size() / 2))) return error;
  std::this_thread::sleep_for(std::chrono::duration<double>(pause));
  return detail::write_fully(fd, content.substr(content.size() / 2));
}

// A stream's bytes into a file descriptor in 1 MiB writes. The first failed
// write's errno is kept and the stream goes bad: nothing more is written.
class DescriptorBuffer : public std::streambuf {
 public:
  explicit DescriptorBuffer(int fd) : fd_(fd), block_(std::size_t{1} << 20) { restart(); }

  // The rest written; 0 or the errno of the first failed write.
  int finish() {
    if (error_ == 0) error_ = write_last_block(fd_, pending());
    restart();
    return error_;
  }

 protected:
  int_type overflow(int_type c) override {
    if (error_ == 0) error_ = detail::write_fully(fd_, pending());
    restart();
    if (error_ != 0) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) sputc(traits_type::to_char_type(c));
    return traits_type::not_eof(c);
  }

 private:
  std::string_view pending() const { return {pbase(), static_cast<std::size_t>(pptr() - pbase())}; }
  void restart() { setp(block_.data(), block_.data() + block_.size()); }

  int fd_;
  std::vector<char> block_;
  int error_ = 0;
};

// 0 or the errno of the failed write; what `write` throws goes on.
int write_streamed(int fd, const ContentWriter& write) {
  DescriptorBuffer buffer(fd);
  std::ostream out(&buffer);
  write(out);
  return buffer.finish();
}

ContentWriter writing(std::string_view content) {
  return [content](std::ostream& out) { out.write(content.data(), static_cast<std::streamsize>(content.size())); };
}

void sync_folder(const fs::path& folder) {
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;  // the rename already happened; syncing is best effort
  ::fsync(fd);
  ::close(fd);
}

void create_folder_of(const fs::path& file) {
  const fs::path folder = file.parent_path();
  if (folder.empty()) return;
  std::error_code error;
  fs::create_directories(folder, error);
  if (error) fail(file, "create folder " + folder.string(), error.value());
}

// `.NAME.tmp.<pid>.<hex>` -> pid, or 0 when `name` is not such a temporary.
pid_t writer_of(const std::string& name) {
  const auto mark = name.rfind(kTemporaryMark);
  if (name.empty() || name[0] != '.' || mark == std::string::npos || mark < 2) return 0;
  const std::string rest = name.substr(mark + std::strlen(kTemporaryMark));
  const auto dot = rest.find('.');
  if (dot == 0 || dot == std::string::npos || dot + 1 == rest.size()) return 0;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    const bool ok = i < dot ? std::isdigit(static_cast<unsigned char>(rest[i])) != 0
                            : i == dot || std::isxdigit(static_cast<unsigned char>(rest[i])) != 0;
    if (!ok) return 0;
  }
  return static_cast<pid_t>(std::atol(rest.substr(0, dot).c_str()));
}

// A zombie (killed, not yet reaped) writes nothing any more.
bool process_runs(pid_t pid) {
  if (::kill(pid, 0) != 0 && errno == ESRCH) return false;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  const std::string text((std::istreambuf_iterator<char>(stat)), {});
  const auto end_of_name = text.rfind(')');
  if (end_of_name == std::string::npos || end_of_name + 2 >= text.size()) return true;  // cannot tell: keep it
  return text[end_of_name + 2] != 'Z' && text[end_of_name + 2] != 'X';
}

}  // namespace

// The path normalized lexically first: o/../o/x/../j.xml would otherwise need (and create) a stray o/x.
StagedFile::StagedFile(const fs::path& given, std::string_view content, bool synced)
    : StagedFile(given, writing(content), synced) {}

StagedFile::StagedFile(const fs::path& given, const ContentWriter& write, bool synced)
    : target_(given.lexically_normal()), synced_(synced) {
  const fs::path& target = target_;
  create_folder_of(target);
  const fs::path temporary = temporary_beside(target);
  const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) fail(target, "create a temporary file in " + folder.string(), errno);
  int error = 0;
  try {
    error = write_streamed(fd, write);
  } catch (...) {
    ::close(fd);
    ::unlink(temporary.c_str());
    throw;
  }
  if (error != 0) {
    ::close(fd);
    ::unlink(temporary.c_str());
    fail(target, "write", error);
  }
  if ((synced && ::fsync(fd) != 0) || ::close(fd) != 0) {
    const int flush_error = errno;
    ::unlink(temporary.c_str());
    fail(target, "flush", flush_error);
  }
  temporary_ = temporary;
}

StagedFile::StagedFile(StagedFile&& other) noexcept
    : target_(std::move(other.target_)), temporary_(std::exchange(other.temporary_, {})), synced_(other.synced_) {}

StagedFile::~StagedFile() {
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
}

void StagedFile::commit() {
  const fs::path temporary = std::exchange(temporary_, {});
  if (::rename(temporary.c_str(), target_.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    fail(target_, "replace", error);
  }
  if (synced_) sync_folder(target_.parent_path());
}

bool is_special_file(const fs::path& file) {
  struct stat info {};
  if (::stat(file.c_str(), &info) != 0) return false;
  return !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode);
}

void write_in_place(const fs::path& file, std::string_view content) { write_in_place(file, writing(content)); }

void write_in_place(const fs::path& file, const ContentWriter& write) {
  // A reader that went away must be an error here, not a SIGPIPE death.
  struct sigaction ignore {}, old {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &old);
  const int fd = ::open(file.c_str(), O_WRONLY | O_CLOEXEC);
  int error = fd < 0 ? errno : 0;
  std::exception_ptr failed;
  if (fd >= 0) {
    try {
      error = write_streamed(fd, write);
    } catch (...) {
      failed = std::current_exception();
    }
    ::close(fd);
  }
  ::sigaction(SIGPIPE, &old, nullptr);
  if (failed) std::rethrow_exception(failed);
  if (error) fail(file, fd < 0 ? "open" : "write", error);
}

void write_file_atomically(const fs::path& file, std::string_view content, bool synced) {
  if (is_special_file(file)) return write_in_place(file, content);
  // Signals wait until the file is whole: an interruption leaves no temporary.
  const SignalsDeferred whole;
  StagedFile(file, content, synced).commit();
}

void sweep_stale_temporaries(const fs::path& folder) {
  std::error_code error;
  for (fs::directory_iterator entry(folder, error), end; !error && entry != end; entry.increment(error)) {
    const pid_t writer = writer_of(entry->path().filename().string());
    if (writer > 0 && writer != ::getpid() && !process_runs(writer)) {
      std::error_code ignored;
      fs::remove(entry->path(), ignored);
    }
  }
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
