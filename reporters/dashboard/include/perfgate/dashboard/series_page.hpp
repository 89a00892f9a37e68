#pragma once
// One series' page: what it is, its chart (dygraphs, assets/dashboard.js:
// zoom and pan over commit order, a cursor read-out, the change points
// marked and linked to their commits, every testbed of this benchmark on
// the same chart, pull-request and A/B runs beside the main line when
// switched on, the regressions the gate caught marked) and its changes.

#include <string>
#include <vector>

#include "perfgate/dashboard/changes_table.hpp"
#include "perfgate/dashboard/commit_link.hpp"
#include "perfgate/history/caught_regressions.hpp"
#include "perfgate/history/series.hpp"

namespace perfgate::dashboard {

// The whole HTML file; it lives one folder below the site's root.
// `testbeds`: every series of this suite and benchmark (this one among
// them), whose data scripts the chart loads.
// `caught`: the regressions the gate caught on this series, listed under
// its changes (the chart marks them where they were caught).
std::string series_page(const history::SeriesKey& key, const std::vector<history::SeriesPoint>& points,
                        const std::vector<ListedChange>& changes, const std::vector<history::SeriesKey>& testbeds,
                        const RepositoryLinks& links, const std::vector<history::CaughtRegression>& caught = {});

}  // namespace perfgate::dashboard
