#pragma once
// changes.html: every change point of the reported series, regressions
// first (history::regression_first), each linking to its trend page.

#include <string>
#include <vector>

#include "perfgate/history/changes.hpp"

namespace perfgate::dashboard {

// `changes` already in the order to show.
std::string changes_page(const std::vector<history::Change>& changes, std::size_t series);

}  // namespace perfgate::dashboard
