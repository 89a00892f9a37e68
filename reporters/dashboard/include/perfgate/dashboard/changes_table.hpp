#pragma once
// Changes as an HTML table: benchmark (linking to its trend page), testbed,
// commit, ordinal, before, after, change and p-value, in the order given.

#include <string>
#include <vector>

#include "perfgate/history/changes.hpp"

namespace perfgate::dashboard {

// `root` is the site's root relative to the page the table is on ("" or "../").
std::string changes_table(const std::vector<history::Change>& changes, const std::string& root);

}  // namespace perfgate::dashboard
