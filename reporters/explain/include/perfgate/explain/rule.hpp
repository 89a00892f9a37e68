#pragma once
// A suggestion rule: a name (rules are switched off by it), what it looks
// for, and the function that reads a run and returns its suggestions.
// Every rule is its own file under reporters/explain/src/rules/.

#include <functional>
#include <string>
#include <vector>

#include "perfgate/model/suggestion.hpp"
#include "perfgate/explain/suggest_context.hpp"

namespace perfgate {

struct Rule {
  std::string name;
  std::string description;
  std::function<std::vector<Suggestion>(const SuggestContext&)> apply;
};

// Every rule, in the order of docs/design.md's list.
const std::vector<Rule>& all_rules();

}  // namespace perfgate
