#include "cli_completion.hpp"

#include <sstream>
#include <vector>

#include "cli_app_tree.hpp"
#include "cli_help.hpp"

namespace perfgate::cli {
namespace {

// Every command under `command`, itself first: the key of each is its
// path below the program ("", "baseline", "baseline update").
void collect(const CLI::App& command, const std::string& key, std::vector<std::pair<std::string, const CLI::App*>>& out) {
  out.emplace_back(key, &command);
  for (const CLI::App* sub : visible_subcommands(command))
    collect(*sub, key.empty() ? sub->get_name() : key + " " + sub->get_name(), out);
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
  return text;
}

// case "$1" in "baseline") echo "update promote show" ;; ... esac
void word_table(std::ostream& out, const char* function, const std::vector<std::pair<std::string, const CLI::App*>>& commands,
                std::vector<std::string> (*words)(const CLI::App&)) {
  out << function << "() {\n  case \"$1\" in\n";
  for (const auto& [key, command] : commands) {
    const std::vector<std::string> list = words(*command);
    if (!list.empty()) out << "    \"" << key << "\") echo \"" << joined(list) << "\" ;;\n";
  }
  out << "  esac\n}\n\n";
}

std::vector<std::string> subcommand_names(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::App* sub : visible_subcommands(command)) names.push_back(sub->get_name());
  return names;
}

// "path option" pairs whose option takes a value, one case line a command.
void value_table(std::ostream& out, const std::vector<std::pair<std::string, const CLI::App*>>& commands) {
  out << "_perfgate_takes_value() {\n  case \"$1 $2\" in\n";
  for (const auto& [key, command] : commands) {
    std::string patterns;
    for (const std::string& word : option_words(*command))
      if (takes_value(*command, word)) patterns += (patterns.empty() ? "\"" : "|\"") + key + " " + word + "\"";
    if (!patterns.empty()) out << "    " << patterns << ") return 0 ;;\n";
  }
  out << "  esac\n  return 1\n}\n\n";
}

constexpr const char* kCompleter = R"bash(_perfgate() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" path="" i word
  ((COMP_CWORD > 0)) && prev="${COMP_WORDS[COMP_CWORD - 1]}"
  # The subcommand words before the cursor make the path ("baseline update").
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="${COMP_WORDS[i]}"
    [[ "$word" == "--" ]] && break
    [[ "$word" == -* ]] && continue
    if [[ " $(_perfgate_subcommands "$path") " == *" $word "* ]]; then
      path="${path:+$path }$word"
    fi
  done
  COMPREPLY=()
  if ((COMP_CWORD > 1)) && _perfgate_takes_value "$path" "$prev"; then
    COMPREPLY=($(compgen -f -- "$cur"))
  elif [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(_perfgate_options "$path")" -- "$cur"))
  elif [[ -n "$(_perfgate_subcommands "$path")" ]]; then
    COMPREPLY=($(compgen -W "$(_perfgate_subcommands "$path")" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _perfgate perfgate
)bash";

}  // namespace

std::string bash_completion(const CLI::App& app) {
  std::vector<std::pair<std::string, const CLI::App*>> commands;
  collect(app, "", commands);
  std::ostringstream out;
  out << "# bash completion for perfgate (" << version_line() << "), made by `perfgate completion bash`\n"
      << "# from the program's own subcommands and flags.\n\n";
  word_table(out, "_perfgate_subcommands", commands, subcommand_names);
  word_table(out, "_perfgate_options", commands, option_words);
  value_table(out, commands);
  out << kCompleter;
  return out.str();
}

}  // namespace perfgate::cli
