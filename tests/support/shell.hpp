#pragma once
// Running programs and handling files in end-to-end tests.

#include <filesystem>
#include <string>

namespace perfgate::testing {

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// Runs `command` through /bin/sh, capturing its output.
CommandResult run_shell(const std::string& command);

// A single-quoted shell word.
std::string shell_word(const std::string& text);

// How many times `what` occurs in `text` (warnings printed once, say).
std::size_t count_occurrences(const std::string& text, const std::string& what);

std::string read_text(const std::filesystem::path& file);
void write_text(const std::filesystem::path& file, const std::string& text);

// A fresh folder removed at the end of the test.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

}  // namespace perfgate::testing
