#pragma once
// A command line as reports print it (issue 41): each argument quoted for a
// POSIX shell, so that the printed text pasted into sh or bash runs that
// program with exactly those arguments, whatever characters a path holds
// (`$(...)`, a blank, a quote, a backtick, a newline).  The same text goes
// into every report (console, JSON, HTML, Markdown): it is printable ASCII,
// never two blanks in a row, so no writer has anything in it to change.

#include <string>
#include <vector>

namespace perfgate {

// `word` as one shell word: as it is when it holds only characters no shell
// reads specially ([A-Za-z0-9_@%+:,./-]); else in single quotes, a quote
// written '\''; and when it holds a byte outside printable ASCII (a newline,
// UTF-8) or two blanks in a row, in $'...' with \xHH escapes (bash, zsh,
// ksh and POSIX.1-2024 sh read it).
std::string shell_word(const std::string& word);

// The words of `argv` joined by one blank; a --flag=value keeps its flag
// bare and quotes only the value (--benchmark_filter='^(a)$').
std::string shell_command(const std::vector<std::string>& argv);

// The words of a recorded command, as a shell would split them: bare words
// split at blanks, '...' and $'...' (with the escapes shell_word writes)
// and backslash escapes undone; nothing expanded.  A command recorded
// before it was quoted (an unbalanced quote, a stray backslash) is split
// at blanks, each part as it is.
std::vector<std::string> shell_words(const std::string& command);

}  // namespace perfgate
