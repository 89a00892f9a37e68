#pragma once
// The static site over the run history (`perfgate history report`):
// index.html, changes.html, series/<slug>-<hash>.html for each (suite,
// testbed, benchmark) with its chart data beside it (series/<slug>-<hash>.js),
// and assets/: dygraphs with its licence, the chart's script and style, and
// one run table per testbed (assets/runs-<hash>.js).  Nothing loads from
// outside the site; files are written atomically (renamed into place, not
// synced one by one: the site is regenerated whole), into a folder
// perfgate owns (the previous report's files go first).

#include <cstdint>
#include <filesystem>

#include "perfgate/dashboard/commit_link.hpp"
#include "perfgate/history/series.hpp"
#include "perfgate/sql/sql_connection.hpp"
#include "perfgate/stats/change_point.hpp"

namespace perfgate::dashboard {

struct SiteOptions {
  history::SeriesFilter filter;               // kind main; --benchmark, --testbed, --since
  stats::ChangePointSettings change_points;
  RepositoryLinks links;                      // --commit-url, --compare-url; none: commits as plain text
};

struct SiteSummary {
  std::size_t series = 0;
  std::size_t pages = 0;   // .html files
  std::size_t files = 0;   // every file written: pages, chart data, assets
  std::size_t changes = 0;
  std::uintmax_t bytes = 0;
};

// Takes each series' changes from the triage (history::triage_series: the
// answers `history changes` kept, the rest computed), reads each (suite,
// testbed)'s series kSeriesPerQuery at a time (history::SeriesReader), with
// the same benchmarks' pull-request and A/B runs and the regressions the
// gate caught on them, and writes the pages into `out` (created).
// Throws OutputError when `out` is not a folder or a page cannot be written.
SiteSummary write_history_site(sql::Connection& db, const std::filesystem::path& out, const SiteOptions& options);

}  // namespace perfgate::dashboard
