// perfgate history report: the history as a static site (reporters/dashboard).

#include <iostream>

#include "commands.hpp"
#include "history_database.hpp"
#include "perfgate/history/open_history.hpp"
#include "perfgate/dashboard/history_site.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate::cli {

int run_history_report(const HistoryReportOptions& options) {
  dashboard::SiteOptions site;
  // Checked before the history is opened: a bad template costs no query.
  if (!options.commit_url.empty()) site.links.commit = dashboard::CommitLink::from_template(options.commit_url);
  if (!options.compare_url.empty()) site.links.compare = dashboard::CompareLink::from_template(options.compare_url);
  const auto db = history::open_history(options.db, sql::Access::read_only);
  site.filter = since({options.benchmark_regex, options.testbed, {}, "main"}, options.since);
  site.change_points.max_p_value = options.max_p_value;
  const dashboard::SiteSummary written = dashboard::write_history_site(*db, options.out, site);
  std::cout << "perfgate: " << written.pages << " page(s) (" << written.series << " series, " << written.changes
            << " change(s); " << written.files << " file(s), " << written.bytes << " bytes) in "
            << printable_text(options.out.string()) << "\n";
  return 0;
}

}  // namespace perfgate::cli
