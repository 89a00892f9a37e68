#include "perfgate/dashboard/events_table.hpp"

#include "perfgate/dashboard/change_text.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::dashboard {
namespace {

std::string cell(const std::string& text, const std::string& css_class = "") {
  return (css_class.empty() ? "<td>" : "<td class=\"" + css_class + "\">") + xml_escape_text(text) + "</td>";
}

std::string where(const history::ChangeEvent& e, const RepositoryLinks& links) {
  const std::string commit = links.commit.html(e.commit, e.commit.substr(0, 12));
  if (e.kind == history::ChangeCause::environment && !e.cause_detail.empty())
    return commit + xml_escape_text(", where " + e.cause_detail);
  if (e.kind == history::ChangeCause::environment)
    return "reruns of " + commit + xml_escape_text(" between " + e.before_created_utc + " and " + e.created_utc);
  return commit + (e.ordinal ? xml_escape_text(" (ordinal " + std::to_string(*e.ordinal) + ")") : "");
}

}  // namespace

std::string events_table(const std::vector<history::ChangeEvent>& events, const RepositoryLinks& links) {
  if (events.empty()) return "";
  std::string html = "<h2>Events</h2>\n<p>" +
                     xml_escape_text("Steps of one testbed at one commit that moved " +
                                     std::to_string(history::kEventMinSeries) +
                                     " or more series together, most series first; environment: between reruns of "
                                     "one commit, the machine moved, not the code.") +
                     "</p>\n<div class=\"table-scroll\"><table class=\"events\">\n<thead><tr><th>where</th><th>testbed</th>"
                     "<th class=\"num\">series</th><th class=\"num\">suites</th><th class=\"num\">slower</th>"
                     "<th class=\"num\">faster</th><th class=\"num\">median change</th><th>kind</th></tr></thead>\n<tbody>\n";
  for (const history::ChangeEvent& e : events) {
    html += "<tr data-kind=\"" + std::string(history::to_string(e.kind)) + "\"><td class=\"commit\">" + where(e, links) +
            "</td>" + cell(e.testbed) + cell(std::to_string(e.changes.size()), "num") +
            cell(std::to_string(e.suites), "num") + cell(std::to_string(e.slower), "num") +
            cell(std::to_string(e.faster), "num") +
            cell(percent_text(e.median_change_pct), e.median_change_pct > 0 ? "num slower" : "num faster") +
            cell(history::to_string(e.kind)) + "</tr>\n";
  }
  return html + "</tbody>\n</table></div>\n";
}

}  // namespace perfgate::dashboard
