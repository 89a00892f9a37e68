#pragma once
// The perfgate program's command tree as CLI11 holds it, walked the same
// way by everything made from it (the bash completion, the man page, the
// "unknown subcommand" message), so none can drift from the real flags.

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace perfgate::cli {

// The subcommands `perfgate --help` lists, in the order they were added
// (hidden ones, in the group "", left out).
std::vector<const CLI::App*> visible_subcommands(const CLI::App& command);

// "perfgate baseline update": the command's words from the program down.
std::string command_path(const CLI::App& command);

// The flags and options a command takes, as typed ("--json", "-L"); the
// hidden ones and the positional arguments left out.
std::vector<std::string> option_words(const CLI::App& command);

// Whether `word` (an option as typed) takes a value after it (--json FILE),
// rather than being a flag (--dry-run).
bool takes_value(const CLI::App& command, const std::string& word);

// Whether the option takes a value (a flag expects none).
bool takes_value(const CLI::Option& option);

}  // namespace perfgate::cli
