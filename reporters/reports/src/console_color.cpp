#include "perfgate/reports/console_color.hpp"

#include <unistd.h>

#include <cstdlib>
#include <iostream>

namespace perfgate {

bool color_allowed(bool terminal, const char* no_color) { return terminal && (no_color == nullptr || *no_color == '\0'); }

bool color_wanted(const std::ostream& out) {
  int fd = -1;
  if (&out == &std::cout) fd = STDOUT_FILENO;
  if (&out == &std::cerr) fd = STDERR_FILENO;
  return fd >= 0 && color_allowed(::isatty(fd) == 1, std::getenv("NO_COLOR"));
}

std::string colored(Verdict verdict, const std::string& text) {
  const char* sgr = nullptr;
  switch (verdict) {
    case Verdict::regression:
    case Verdict::error: sgr = "\033[31m"; break;
    case Verdict::improvement: sgr = "\033[32m"; break;
    case Verdict::inconclusive:
    case Verdict::incomparable: sgr = "\033[33m"; break;
    default: break;
  }
  return sgr ? sgr + text + "\033[0m" : text;
}

}  // namespace perfgate
