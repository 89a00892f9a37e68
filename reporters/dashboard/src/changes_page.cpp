#include "perfgate/dashboard/changes_page.hpp"

#include "perfgate/dashboard/changes_table.hpp"
#include "perfgate/dashboard/events_table.hpp"
#include "perfgate/dashboard/page.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::dashboard {

std::string changes_page(const std::vector<ListedChange>& changes, std::size_t series, const RepositoryLinks& links) {
  std::size_t slower = 0;
  for (const ListedChange& c : changes) slower += c.change.change_pct > 0 ? 1 : 0;
  std::string body = "<h1>Changes</h1>\n<p>" +
                     xml_escape_text(std::to_string(changes.size()) + " change point(s) in " + std::to_string(series) +
                                     " series: " + std::to_string(slower) + " regression(s) first, largest first, then " +
                                     std::to_string(changes.size() - slower) + " improvement(s). Before and after are "
                                     "the medians of the run medians of the segments around the change; a drift's change is its total "
                                     "over its range of commits.") +
                     "</p>\n";
  std::vector<history::Change> listed;
  listed.reserve(changes.size());
  for (const ListedChange& c : changes) listed.push_back(c.change);
  body += events_table(history::change_events(listed), links);
  if (!changes.empty()) body += "<h2>Every change</h2>\n";
  body += changes.empty() ? "<p>No change point found.</p>\n" : changes_table(changes, "", links);
  return html_page({"perfgate history: changes", "", body, "", {}, {}});
}

}  // namespace perfgate::dashboard
