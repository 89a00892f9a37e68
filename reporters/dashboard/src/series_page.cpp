#include "perfgate/dashboard/series_page.hpp"

#include <algorithm>

#include "perfgate/dashboard/changes_table.hpp"
#include "perfgate/dashboard/page.hpp"
#include "perfgate/dashboard/trend_svg.hpp"
#include "perfgate/model/time_text.hpp"
#include "perfgate/writers/xml_text.hpp"

namespace perfgate::dashboard {
namespace {

std::string facts(const history::SeriesKey& key, const std::vector<history::SeriesPoint>& points) {
  std::string text = "suite " + key.suite + ", testbed " + key.testbed + ": " + std::to_string(points.size()) + " run(s)";
  if (!points.empty())
    text += ", " + points.front().created_utc + " to " + points.back().created_utc + ", latest median " +
            format_seconds(points.back().median_s);
  if (points.size() > kTrendPoints)
    text += " (" + std::to_string(std::min(points.size(), kTrendPoints)) + " drawn at most: thinned, see below)";
  return "<p class=\"facts\">" + xml_escape_text(text) + "</p>\n";
}

}  // namespace

std::string series_page(const history::SeriesKey& key, const std::vector<history::SeriesPoint>& points,
                        const std::vector<history::Change>& changes) {
  std::string body = "<h1>" + xml_escape_text(key.benchmark) + "</h1>\n" + facts(key, points);
  body += "<figure>" + trend_svg(points, changes) + "</figure>\n";
  body += "<h2>Changes</h2>\n";
  body += changes.empty() ? "<p>No change point in this series.</p>\n" : changes_table(changes, "../");
  return html_page({key.benchmark + " on " + key.testbed, "../", body, ""});
}

}  // namespace perfgate::dashboard
