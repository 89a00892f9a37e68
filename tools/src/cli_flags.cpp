#include "cli_flags.hpp"

namespace perfgate::cli {

std::string shared_help(const CliFlag& flag, std::string_view purpose) {
  std::string help = flag.help;
  if (!purpose.empty()) help.append("; ").append(purpose);
  return help;
}

std::string old_spelling_note(std::string_view old_name, std::string_view new_name) {
  return "perfgate: note: " + std::string(old_name) + " is now " + std::string(new_name) +
         "; the old spelling goes in the next release";
}

}  // namespace perfgate::cli
