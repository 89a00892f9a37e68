#include "perfgate/platform/descriptor_write.hpp"

#include <unistd.h>

#include <cerrno>

namespace perfgate::detail {

int write_fully(int fd, std::string_view content) {
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno;
    done += static_cast<std::size_t>(n);
  }
  return 0;
}

}  // namespace perfgate::detail
