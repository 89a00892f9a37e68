#include "cli_input.hpp"

#include <cmath>
#include <cstdlib>

#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/secret_redaction.hpp"
#include "perfgate/platform/web_address.hpp"
#include "perfgate/formats/input_file.hpp"
#include "perfgate/model/suite_name.hpp"

namespace perfgate::cli {

CLI::Validator existing_file_or_stdin() {
  return CLI::Validator(
      [](std::string& text) { return is_standard_input(text) ? std::string() : CLI::ExistingFile(text); },
      "FILE (or - for standard input)");
}

CLI::Validator suite_name_validator(const char* what) {
  return CLI::Validator(
      [what](std::string& text) {
        const auto problem = suite_name_problem(text);
        return problem ? std::string(what) + " name " + quote_text(text) + " " + *problem : std::string();
      },
      "NAME");
}

CLI::Validator finite_number_validator() {
  return CLI::Validator(
      [](std::string& text) {
        char* end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        if (end == text.c_str() || *end != '\0') return "'" + text + "' is not a number";
        return std::isfinite(value) ? std::string() : "'" + text + "' is not a finite number";
      },
      "NUMBER");
}

CLI::Validator web_url_validator() {
  return CLI::Validator(
      [](std::string& text) {
        const std::string problem = web_address_problem(text);
        return problem.empty() ? problem : redact_secrets(quote_text(text)) + ": " + problem;
      },
      "URL");
}

}  // namespace perfgate::cli
