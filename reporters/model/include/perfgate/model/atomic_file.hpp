#pragma once
// Files that are either fully written or not at all.

#include <filesystem>
#include <string_view>

namespace perfgate {

// Writes `content` to a temporary file in the same folder, fsyncs it, renames
// it over `file` and fsyncs the folder.  Creates missing parent folders.
// Throws OutputError("FILE: reason") and leaves any old `file` untouched.
void write_file_atomically(const std::filesystem::path& file, std::string_view content);

// Reads a whole file; throws InputError("FILE: reason").
std::string read_file(const std::filesystem::path& file);

}  // namespace perfgate
