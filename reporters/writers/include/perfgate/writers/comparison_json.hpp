#pragma once

#include <string>

#include "perfgate/compare/comparison.hpp"
#include "perfgate/model/comparison_schema.hpp"

namespace perfgate {

// Every verdict with its numbers, for dashboards and scripts.
std::string comparison_to_json(const Comparison& comparison, int exit_code);

// The "suggestions" array of that JSON (also `perfgate suggest --json`).
std::string suggestions_to_json(const std::vector<Suggestion>& suggestions);

}  // namespace perfgate
