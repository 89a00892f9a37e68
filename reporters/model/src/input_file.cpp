#include "perfgate/model/input_file.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "json_reader.hpp"
#include "perfgate/model/errors.hpp"

namespace perfgate {
namespace {

constexpr const char* kStandardInputName = "<stdin>";

// Standard input to its end: a pipe has no size to check first, so the cap
// is checked while reading.
std::string read_standard_input() {
  std::string text;
  char buffer[1 << 16];
  while (true) {
    const ssize_t got = ::read(STDIN_FILENO, buffer, sizeof buffer);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw InputError(std::string(kStandardInputName) + ": cannot read: " + std::strerror(errno));
    }
    if (got == 0) return text;
    if (text.size() + static_cast<std::size_t>(got) > detail::kMaxInputBytes)
      throw InputError(std::string(kStandardInputName) + ": is over " + std::to_string(detail::kMaxInputBytes) +
                       " bytes (1 GiB); inputs up to that are read");
    text.append(buffer, static_cast<std::size_t>(got));
  }
}

}  // namespace

bool is_standard_input(const std::filesystem::path& file) { return file.native() == "-"; }

std::string input_name(const std::filesystem::path& file) {
  return is_standard_input(file) ? kStandardInputName : file.string();
}

std::string read_input(const std::filesystem::path& file) {
  return is_standard_input(file) ? read_standard_input() : detail::read_input_file(file);
}

void require_standard_input_once(const std::vector<std::filesystem::path>& inputs, const std::string& what) {
  const auto count = std::count_if(inputs.begin(), inputs.end(), [](const auto& f) { return is_standard_input(f); });
  if (count > 1)
    throw InputError("standard input ('-') can be read once; " + what + " names it " + std::to_string(count) + " times");
}

}  // namespace perfgate
