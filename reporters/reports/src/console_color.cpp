#include "perfgate/reports/console_color.hpp"

#include <unistd.h>

#include <cstdlib>
#include <iostream>

namespace perfgate {

namespace {

bool set(const char* value) { return value != nullptr && *value != '\0'; }

bool is_off(const char* value) {
  const std::string text = value;
  return text == "0" || text == "false";
}

}  // namespace

ColorEnvironment color_environment() {
  return {std::getenv("NO_COLOR"), std::getenv("FORCE_COLOR"), std::getenv("CLICOLOR_FORCE"), std::getenv("CLICOLOR")};
}

bool color_allowed(bool terminal, const ColorEnvironment& environment) {
  if (set(environment.no_color)) return false;
  if (set(environment.force_color)) return !is_off(environment.force_color);
  if (set(environment.clicolor_force) && !is_off(environment.clicolor_force)) return true;
  return terminal && !(set(environment.clicolor) && is_off(environment.clicolor));
}

bool color_wanted(const std::ostream& out) {
  int fd = -1;
  if (&out == &std::cout) fd = STDOUT_FILENO;
  if (&out == &std::cerr) fd = STDERR_FILENO;
  return fd >= 0 && color_allowed(::isatty(fd) == 1, color_environment());
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
