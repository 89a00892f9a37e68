#pragma once

#include <iosfwd>
#include <optional>

#include "perfgate/gate/comparison.hpp"

namespace perfgate {

// The comparison as a plain-text table (regressions first), each case's
// kernel changes indented under its row (a few at most), followed by the
// reason for every row that is not NO_CHANGE, the run's notes and the summary
// (with the status when `exit_code` is given).
void print_comparison_table(std::ostream& out, const Comparison& comparison, std::optional<int> exit_code);

// The suggestions block of that table: headline, case, evidence and hint each.
void print_suggestions(std::ostream& out, const std::vector<Suggestion>& suggestions);

}  // namespace perfgate
