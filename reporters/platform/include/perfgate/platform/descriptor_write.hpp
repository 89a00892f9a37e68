#pragma once
// Writing all of a buffer to a file descriptor, through short writes and
// interrupted ones: atomic files' blocks and standard input's copy.

#include <string_view>

namespace perfgate::detail {

// 0, or the errno of the write that failed.
int write_fully(int fd, std::string_view content);

}  // namespace perfgate::detail
