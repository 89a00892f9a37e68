#include "cli_errors.hpp"

#include <algorithm>

#include "cli_app_tree.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate::cli {
namespace {

// Optimal string alignment distance: edits, with a swap of two neighbours
// one edit ("comapre" is one from "compare").
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t change = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + change});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

// Hidden ones too (`perfgate completion bash`): they are real, only not listed.
const CLI::App* find_subcommand(const CLI::App& command, const std::string& name) {
  const auto named = command.get_subcommands([&name](const CLI::App* sub) { return sub->get_name() == name; });
  return named.empty() ? nullptr : named.front();
}

// The subcommand words of `args` walked down the tree: stops at the first
// word that is no subcommand of a command that has subcommands (the word is
// returned in `stray`), or at a command without subcommands (its own
// arguments follow), or at "--".
const CLI::App& walk(const CLI::App& app, const std::vector<std::string>& args, std::optional<std::string>* stray) {
  const CLI::App* command = &app;
  for (const std::string& word : args) {
    if (word == "--") break;
    if (word.empty() || word.front() == '-') continue;  // --help, --version: no values at these levels
    if (visible_subcommands(*command).empty()) break;
    const CLI::App* sub = find_subcommand(*command, word);
    if (!sub) {
      if (stray) *stray = word;
      break;
    }
    command = sub;
  }
  return *command;
}

}  // namespace

std::string error_line(const std::string& message) { return "perfgate: error: " + printable_text(message) + "\n"; }

std::optional<std::string> closest_name(const std::string& word, const std::vector<std::string>& names) {
  std::optional<std::string> best;
  std::size_t best_distance = 0;
  for (const std::string& name : names) {
    // Up to two edits for a long name, one for a short one ("ab" is not "db").
    const std::size_t allowed = name.size() > 4 ? 2 : 1;
    const std::size_t distance = name.rfind(word, 0) == 0 && word.size() >= 2 ? 1 : edit_distance(word, name);
    if (distance <= allowed && (!best || distance < best_distance)) best = name, best_distance = distance;
  }
  return best;
}

std::optional<std::string> unknown_subcommand(const CLI::App& app, const std::vector<std::string>& args) {
  std::optional<std::string> stray;
  const CLI::App& command = walk(app, args, &stray);
  if (!stray) return std::nullopt;
  std::vector<std::string> names;
  for (const CLI::App* sub : visible_subcommands(command)) names.push_back(sub->get_name());
  const std::string prefix = command.get_parent() ? command_path(command).substr(std::string("perfgate ").size()) + " " : "";
  std::string message = "unknown subcommand " + quote_text(prefix + *stray);
  if (const auto near = closest_name(*stray, names)) message += " (did you mean " + quote_text(prefix + *near) + "?)";
  else message += " (see " + command_path(command) + " --help)";
  return message;
}

const CLI::App* missing_subcommand(const CLI::App& app, const std::vector<std::string>& args) {
  std::optional<std::string> stray;
  const CLI::App& command = walk(app, args, &stray);
  return command.get_require_subcommand_min() > 0 && !stray ? &command : nullptr;
}

const CLI::App& deepest_selected(const CLI::App& app) {
  const CLI::App* command = &app;
  while (!command->get_subcommands().empty()) command = command->get_subcommands().front();
  return *command;
}

std::string parse_error_line(const CLI::App& command, const CLI::ParseError& error) {
  const std::string path = command_path(command);
  const std::string where = command.get_parent() ? path.substr(std::string("perfgate ").size()) + ": " : "";
  return error_line(where + error.what() + " (see " + path + " --help)");
}

}  // namespace perfgate::cli
