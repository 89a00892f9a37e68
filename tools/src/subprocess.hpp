#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace perfgate::cli {

// Runs `program` with `args`, sharing this process's stdout and stderr, and
// returns its exit code (128 + signal when a signal ended it).  Throws
// InputError when it cannot be started.
int run_program(const std::filesystem::path& program, const std::vector<std::string>& args);

}  // namespace perfgate::cli
