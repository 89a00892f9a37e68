#pragma once
// `perfgate completion bash`: a bash completion script made from the
// program's own command tree (cli_app_tree.hpp), installed as
// share/bash-completion/completions/perfgate; it completes subcommands,
// their flags, and file names where an argument or a flag's value goes.

#include <string>

#include <CLI/CLI.hpp>

namespace perfgate::cli {

std::string bash_completion(const CLI::App& app);

}  // namespace perfgate::cli
