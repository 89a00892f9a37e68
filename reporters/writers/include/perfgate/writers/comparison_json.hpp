#pragma once

#include <string>

#include "perfgate/compare/comparison.hpp"

namespace perfgate {

inline constexpr const char* kComparisonSchema = "perfgate/comparison";
inline constexpr int kComparisonSchemaVersion = 1;

// Every verdict with its numbers, for dashboards and scripts.
std::string comparison_to_json(const Comparison& comparison, int exit_code);

// The "suggestions" array of that JSON (also `perfgate suggest --json`).
std::string suggestions_to_json(const std::vector<Suggestion>& suggestions);

}  // namespace perfgate
