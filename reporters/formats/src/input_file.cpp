#include "perfgate/formats/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <type_traits>

#include "json_reader.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace {

constexpr const char* kStandardInputName = "<stdin>";

[[noreturn]] void refuse_too_big(const std::string& name) {
  throw InputError(name + ": is over " + std::to_string(detail::kMaxInputBytes) + " bytes (1 GiB); inputs up to that are read");
}

// Reads `fd` to its end in blocks, handing each to `use` (which may answer
// false to stop); a pipe has no size to check first, so the cap is checked
// while reading.
template <typename Use>
void read_blocks(int fd, const std::string& name, Use use) {
  std::vector<char> buffer(std::size_t{1} << 20);
  std::uint64_t total = 0;
  while (true) {
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got < 0) {
      if (errno == EINTR) continue;
      throw InputError(name + ": cannot read: " + std::strerror(errno));
    }
    if (got == 0) return;
    total += static_cast<std::uint64_t>(got);
    if (total > detail::kMaxInputBytes) refuse_too_big(name);
    if constexpr (std::is_same_v<decltype(use(buffer.data(), std::size_t{})), bool>) {
      if (!use(buffer.data(), static_cast<std::size_t>(got))) return;
    } else {
      use(buffer.data(), static_cast<std::size_t>(got));
    }
  }
}

}  // namespace

RereadableStandardInput::RereadableStandardInput() {
  struct stat info {};
  if (::fstat(STDIN_FILENO, &info) == 0 && S_ISREG(info.st_mode)) {
    const off_t at = ::lseek(STDIN_FILENO, 0, SEEK_CUR);
    if (at >= 0) {
      in_place_ = true;
      start_ = static_cast<std::uint64_t>(at);
      return;
    }
  }
  std::error_code unknown;
  const std::filesystem::path temp = std::filesystem::temp_directory_path(unknown);
  if (!unknown) copy_fd_ = ::open(temp.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
}

RereadableStandardInput::~RereadableStandardInput() {
  if (copy_fd_ >= 0) ::close(copy_fd_);
}

int RereadableStandardInput::rewind() {
  if (in_place_) {
    if (::lseek(STDIN_FILENO, static_cast<off_t>(start_), SEEK_SET) < 0)
      throw InputError(std::string(kStandardInputName) + ": cannot read it again: " + std::strerror(errno));
    return STDIN_FILENO;
  }
  if (copy_fd_ < 0) throw InputError(std::string(kStandardInputName) + ": cannot be read again (no temporary file to copy it to)");
  const off_t copied = ::lseek(copy_fd_, 0, SEEK_END);
  if (copied < 0) throw InputError(std::string(kStandardInputName) + ": cannot read it again: " + std::strerror(errno));
  std::uint64_t total = static_cast<std::uint64_t>(copied);
  read_blocks(STDIN_FILENO, kStandardInputName, [&](const char* data, std::size_t size) {
    total += size;
    if (total > detail::kMaxInputBytes) refuse_too_big(kStandardInputName);
    detail::write_all(copy_fd_, data, size, kStandardInputName);
  });
  if (::lseek(copy_fd_, 0, SEEK_SET) < 0)
    throw InputError(std::string(kStandardInputName) + ": cannot read it again: " + std::strerror(errno));
  return copy_fd_;
}

std::string read_rest(int fd, const std::string& name) {
  std::string text;
  struct stat info {};
  if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {  // its size reserved: one copy in memory, not a growing string's two
    const off_t at = ::lseek(fd, 0, SEEK_CUR);
    if (at >= 0 && info.st_size > at)
      text.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(info.st_size - at, detail::kMaxInputBytes)));
  }
  read_blocks(fd, name, [&](const char* data, std::size_t size) { text.append(data, size); });
  return text;
}

bool is_standard_input(const std::filesystem::path& file) { return file.native() == "-"; }

std::string input_name(const std::filesystem::path& file) {
  return is_standard_input(file) ? kStandardInputName : file.string();
}

void read_input_blocks(const std::filesystem::path& file, const std::function<bool(std::string_view)>& use) {
  const detail::InputFile input(file);
  read_blocks(input.fd(), file.string(), [&](const char* data, std::size_t size) { return use({data, size}); });
}

std::string read_input(const std::filesystem::path& file) {
  return is_standard_input(file) ? read_rest(STDIN_FILENO, kStandardInputName) : detail::read_input_file(file);
}

void require_standard_input_once(const std::vector<std::filesystem::path>& inputs, const std::string& what) {
  const auto count = std::count_if(inputs.begin(), inputs.end(), [](const auto& f) { return is_standard_input(f); });
  if (count > 1)
    throw InputError("standard input ('-') can be read once; " + what + " names it " + std::to_string(count) + " times");
}

}  // namespace perfgate
