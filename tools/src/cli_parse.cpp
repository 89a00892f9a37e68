#include "cli_parse.hpp"

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "cli_app_tree.hpp"
#include "cli_errors.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate::cli {
namespace {

bool asks_for_help_or_version(const std::vector<std::string>& args) {
  for (const std::string& word : args) {
    if (word == "--") return false;
    if (word == "-h" || word == "--help" || word == "--help-all" || word == "--version") return true;
  }
  return false;
}

bool has_flags(const std::vector<std::string>& args) {
  return std::any_of(args.begin(), args.end(), [](const std::string& word) { return !word.empty() && word.front() == '-'; });
}

// `perfgate` or `perfgate baseline` alone: the usage on stderr, then the one
// error line, exit 2 (a CI script that forgot its subcommand must fail).
// With flags but no subcommand (`perfgate --bogus`) only the line.
int missing_subcommand_error(const CLI::App& command, bool usage) {
  std::string names;
  for (const CLI::App* sub : visible_subcommands(command)) names += (names.empty() ? "" : ", ") + sub->get_name();
  if (usage) std::cerr << command.help();
  std::cerr << error_line(command_path(command) + " needs a subcommand: " + names + (usage ? "" : " (see " + command_path(command) + " --help)"));
  return kExitError;
}

}  // namespace

int parse_command_line(CLI::App& app, int argc, char** argv, const std::function<int()>& run) {
  const std::vector<std::string> args(argv + std::min(argc, 1), argv + argc);
  if (!asks_for_help_or_version(args)) {
    if (const auto problem = unknown_subcommand(app, args)) {
      std::cerr << error_line(*problem);
      return kExitError;
    }
    if (const CLI::App* command = missing_subcommand(app, args)) return missing_subcommand_error(*command, !has_flags(args));
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help, --help-all, --version: printed on stdout
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << parse_error_line(deepest_selected(app), e);
    return kExitError;
  }
  return run_reporting_errors(run);
}

}  // namespace perfgate::cli
