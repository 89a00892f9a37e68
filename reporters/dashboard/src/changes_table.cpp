#include "perfgate/dashboard/changes_table.hpp"

#include "perfgate/dashboard/change_text.hpp"
#include "perfgate/dashboard/page_name.hpp"
#include "perfgate/model/time_text.hpp"
#include "perfgate/writers/xml_text.hpp"

namespace perfgate::dashboard {
namespace {

std::string cell(const std::string& text, const std::string& css_class = "") {
  return (css_class.empty() ? "<td>" : "<td class=\"" + css_class + "\">") + xml_escape_text(text) + "</td>";
}

std::string row(const history::Change& c, const std::string& root) {
  const std::string page = root + series_page_name({c.suite, c.testbed, c.benchmark});
  std::string html = "<tr class=\"" + std::string(c.change_pct > 0 ? "regression" : "improvement") + "\">";
  html += "<td><a href=\"" + xml_escape_attribute(page) + "\">" + xml_escape_text(c.benchmark) + "</a></td>";
  html += cell(c.testbed);
  html += "<td title=\"" + xml_escape_attribute(c.commit) + "\">" + xml_escape_text(c.commit.substr(0, 12)) + "</td>";
  html += cell(c.ordinal ? std::to_string(*c.ordinal) : "-", "num");
  html += cell(format_seconds(c.before_s), "num") + cell(format_seconds(c.after_s), "num");
  html += cell(percent_text(c.change_pct), c.change_pct > 0 ? "num slower" : "num faster");
  html += cell(p_value_text(c.p_value), "num");
  return html + "</tr>\n";
}

}  // namespace

std::string changes_table(const std::vector<history::Change>& changes, const std::string& root) {
  std::string html =
      "<table class=\"changes\">\n<thead><tr><th>benchmark</th><th>testbed</th><th>commit</th><th class=\"num\">ordinal</th>"
      "<th class=\"num\">before</th><th class=\"num\">after</th><th class=\"num\">change</th><th class=\"num\">p</th>"
      "</tr></thead>\n<tbody>\n";
  for (const history::Change& c : changes) html += row(c, root);
  return html + "</tbody>\n</table>\n";
}

}  // namespace perfgate::dashboard
