#include "cli_input.hpp"

#include "perfgate/model/input_file.hpp"

namespace perfgate::cli {

CLI::Validator existing_file_or_stdin() {
  return CLI::Validator(
      [](std::string& text) { return is_standard_input(text) ? std::string() : CLI::ExistingFile(text); },
      "FILE (or - for standard input)");
}

}  // namespace perfgate::cli
