#pragma once

#include <ostream>
#include <string>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/formats/comparison_schema.hpp"

namespace perfgate {

// Every verdict with its numbers, for dashboards and scripts: written into
// `out` member by member and case by case, laid out as a whole document's
// dump(2) would be, without holding the whole document.
void write_comparison_json(const Comparison& comparison, int exit_code, std::ostream& out);

// The same, whole, as text.
std::string comparison_to_json(const Comparison& comparison, int exit_code);

// The "suggestions" array of that JSON (also `perfgate suggest --json`).
std::string suggestions_to_json(const std::vector<Suggestion>& suggestions);

}  // namespace perfgate
