#include "cli_app_tree.hpp"

namespace perfgate::cli {

std::vector<const CLI::App*> visible_subcommands(const CLI::App& command) {
  return command.get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); });
}

std::string command_path(const CLI::App& command) {
  const CLI::App* parent = command.get_parent();
  if (!parent) return command.get_name().empty() ? "perfgate" : command.get_name();
  return command_path(*parent) + " " + command.get_name();
}

std::vector<std::string> option_words(const CLI::App& command) {
  std::vector<std::string> words;
  for (const CLI::Option* option : command.get_options()) {
    if (option->get_group().empty() || !option->nonpositional()) continue;
    for (const std::string& name : option->get_lnames()) words.push_back("--" + name);
    for (const std::string& name : option->get_snames()) words.push_back("-" + name);
  }
  return words;
}

bool takes_value(const CLI::Option& option) { return option.get_items_expected_max() > 0; }

bool takes_value(const CLI::App& command, const std::string& word) {
  for (const CLI::Option* option : command.get_options()) {
    if (!option->nonpositional() || !takes_value(*option)) continue;
    for (const std::string& name : option->get_lnames())
      if (word == "--" + name) return true;
    for (const std::string& name : option->get_snames())
      if (word == "-" + name) return true;
  }
  return false;
}

}  // namespace perfgate::cli
