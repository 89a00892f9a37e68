#pragma once
// changes.html: the events first (events_table.hpp: what moved many series
// together), then every change point of the reported series, regressions
// first (history::regression_first), each linking to its trend page.

#include <string>
#include <vector>

#include "perfgate/dashboard/changes_table.hpp"
#include "perfgate/history/change_events.hpp"

namespace perfgate::dashboard {

// `changes` already in the order to show; the events are computed from them.
std::string changes_page(const std::vector<ListedChange>& changes, std::size_t series, const RepositoryLinks& links);

}  // namespace perfgate::dashboard
