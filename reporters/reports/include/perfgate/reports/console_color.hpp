#pragma once
// Whether the console table colours its verdict words: only for a person
// at a terminal.  A CI log, a file or a pipe gets plain text, and so does
// anyone who set NO_COLOR (https://no-color.org: any non-empty value).

#include <iosfwd>
#include <string>

#include "perfgate/gate/verdict.hpp"

namespace perfgate {

// The rule itself: a terminal, and NO_COLOR unset or empty.
bool color_allowed(bool terminal, const char* no_color);

// The rule for `out`: std::cout or std::cerr on a terminal (isatty), with
// this process's NO_COLOR; any other stream never.
bool color_wanted(const std::ostream& out);

// `text` in the verdict's colour (ANSI SGR: red for REGRESSION and ERROR,
// green for IMPROVEMENT, yellow for INCONCLUSIVE and INCOMPARABLE); as it is
// for the others.
std::string colored(Verdict verdict, const std::string& text);

}  // namespace perfgate
