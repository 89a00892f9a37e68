#pragma once
// `perfgate man`: the perfgate(1) manual page in roff, made from the
// program's own command tree (cli_app_tree.hpp) and help texts, installed as
// share/man/man1/perfgate.1: every subcommand with its arguments and flags,
// the exit codes, standard input, and the error style.

#include <string>

#include <CLI/CLI.hpp>

namespace perfgate::cli {

std::string man_page(const CLI::App& app);

// `text` safe as roff text: backslashes written \e, a '.' or '\'' that
// would start a line as a request guarded, '-' as \- (a real minus).
std::string roff_text(const std::string& text);

}  // namespace perfgate::cli
