#pragma once
// The events of the changes page (issue 45 item 3): changes that moved many
// series of one testbed together (history::change_events), before the
// changes themselves: where (a commit, linked; or reruns of one commit, the
// machine moving), testbed, series, suites, slower and faster, the median
// change, and its kind (code or environment).

#include <string>
#include <vector>

#include "perfgate/dashboard/commit_link.hpp"
#include "perfgate/history/change_events.hpp"

namespace perfgate::dashboard {

// An empty string when there is no event.
std::string events_table(const std::vector<history::ChangeEvent>& events, const RepositoryLinks& links);

}  // namespace perfgate::dashboard
