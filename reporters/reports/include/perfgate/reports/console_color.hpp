#pragma once
// Whether the console table colours its verdict words: for a person at a
// terminal, and wherever the environment asks for colour (a CI log viewer
// that renders ANSI, e.g. GitHub Actions, GitLab).  The conventions, in this
// order: NO_COLOR non-empty turns colour off (https://no-color.org);
// FORCE_COLOR non-empty turns it on, "0" or "false" off
// (https://force-color.org); CLICOLOR_FORCE other than "0" turns it on
// (https://bixense.com/clicolors); else a terminal gets colour unless
// CLICOLOR is "0".

#include <iosfwd>
#include <string>

#include "perfgate/gate/verdict.hpp"

namespace perfgate {

// The variables the rule reads; null where unset.
struct ColorEnvironment {
  const char* no_color = nullptr;
  const char* force_color = nullptr;
  const char* clicolor_force = nullptr;
  const char* clicolor = nullptr;
};

// This process's.
ColorEnvironment color_environment();

// The rule itself.
bool color_allowed(bool terminal, const ColorEnvironment& environment);

// The rule for `out`: std::cout or std::cerr (a terminal by isatty), with
// this process's environment; any other stream never.
bool color_wanted(const std::ostream& out);

// `text` in the verdict's colour (ANSI SGR: red for REGRESSION and ERROR,
// green for IMPROVEMENT, yellow for INCONCLUSIVE and INCOMPARABLE); as it is
// for the others.
std::string colored(Verdict verdict, const std::string& text);

}  // namespace perfgate
