#include "cli_input.hpp"

#include "perfgate/model/input_file.hpp"
#include "perfgate/model/suite_name.hpp"

namespace perfgate::cli {

CLI::Validator existing_file_or_stdin() {
  return CLI::Validator(
      [](std::string& text) { return is_standard_input(text) ? std::string() : CLI::ExistingFile(text); },
      "FILE (or - for standard input)");
}

CLI::Validator suite_name_validator() {
  return CLI::Validator(
      [](std::string& text) {
        const auto problem = suite_name_problem(text);
        return problem ? "suite name '" + text + "' " + *problem : std::string();
      },
      "NAME");
}

}  // namespace perfgate::cli
