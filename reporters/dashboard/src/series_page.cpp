#include "perfgate/dashboard/series_page.hpp"

#include "perfgate/dashboard/change_text.hpp"
#include "perfgate/dashboard/chart_data.hpp"
#include "perfgate/dashboard/js_text.hpp"
#include "perfgate/dashboard/page.hpp"
#include "perfgate/dashboard/page_name.hpp"
#include "perfgate/dashboard/run_table.hpp"
#include "perfgate/model/time_text.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::dashboard {
namespace {

using history::SeriesKey;

std::string facts(const SeriesKey& key, const std::vector<history::SeriesPoint>& points) {
  std::string text = "suite " + key.suite + ", testbed " + key.testbed + ": " + std::to_string(points.size()) + " run(s)";
  if (!points.empty())
    text += ", " + points.front().created_utc + " to " + points.back().created_utc + ", latest median " +
            format_seconds(points.back().median_s);
  return "<p class=\"facts\">" + xml_escape_text(text) + "</p>\n";
}

// A switch per testbed when there are several; this page's own is always drawn.
std::string controls(const SeriesKey& key, const std::vector<SeriesKey>& testbeds) {
  std::string html = "<div class=\"chart-controls\">";
  if (testbeds.size() > 1) {
    html += "<span>Testbeds:</span>";
    for (const SeriesKey& other : testbeds)
      html += "<label><input type=\"checkbox\" class=\"testbed-toggle\" data-testbed=\"" +
              xml_escape_attribute(other.testbed) + "\" checked" + (other.testbed == key.testbed ? " disabled" : "") +
              "> " + xml_escape_text(other.testbed) + "</label>";
  }
  return html + "<button id=\"whole-history\" type=\"button\">whole history</button><span class=\"hint\">drag to zoom, "
                "shift-drag or the strip below to pan, double-click for the whole history; click a change mark for "
                "its commit</span></div>\n";
}

// The scripts the chart needs, relative to series/: dygraphs, the chart's
// code (which the data scripts call), each testbed's run table and series.
std::vector<std::string> scripts(const std::vector<SeriesKey>& testbeds) {
  std::vector<std::string> paths = {"../assets/dygraph.min.js", "../assets/dashboard.js"};
  for (const SeriesKey& other : testbeds) paths.push_back("../" + RunTable::file_name(other.testbed));
  for (const SeriesKey& other : testbeds) paths.push_back(series_data_name(other).substr(std::string("series/").size()));
  return paths;
}

// "pr" -> "pull request": how the pages name a run's kind.
std::string kind_text(const std::string& kind) {
  if (kind == "pr") return "pull request";
  if (kind == "ab") return "A/B";
  return kind == "main" ? "main line" : kind;
}

// What the gate caught, for readers without the chart (and its marks).
std::string caught_table(const std::vector<history::CaughtRegression>& caught, const CommitLink& link) {
  std::string html = "<div class=\"table-scroll\"><table class=\"caught\">\n<thead><tr><th>commit</th><th>run</th>"
                     "<th>judged</th><th class=\"num\">change</th></tr></thead>\n<tbody>\n";
  for (const history::CaughtRegression& c : caught)
    html += "<tr><td class=\"commit\">" + link.html(c.commit, c.commit.substr(0, 12)) + "</td><td>" +
            xml_escape_text(kind_text(c.kind)) + "</td><td>" + xml_escape_text(c.created_utc) +
            "</td><td class=\"num slower\">" + (c.change_pct ? xml_escape_text(percent_text(*c.change_pct)) : "") +
            "</td></tr>\n";
  return html + "</tbody>\n</table></div>\n";
}

}  // namespace

std::string series_page(const SeriesKey& key, const std::vector<history::SeriesPoint>& points,
                        const std::vector<ListedChange>& changes, const std::vector<SeriesKey>& testbeds,
                        const RepositoryLinks& links, const std::vector<history::CaughtRegression>& caught) {
  const CommitLink& link = links.commit;
  std::string body = "<h1>" + xml_escape_text(key.benchmark) + "</h1>\n" + facts(key, points) + controls(key, testbeds);
  body += "<div class=\"chart-frame\"><div id=\"chart\" class=\"chart\"></div><div id=\"marks\"></div></div>\n";
  body += "<div id=\"readout\" class=\"readout\" aria-live=\"polite\"></div>\n";
  body += "<noscript><p>The chart needs JavaScript; the changes are listed below.</p></noscript>\n";
  body += "<h2>Changes</h2>\n";
  body += changes.empty() ? "<p>No change point in this series.</p>\n" : changes_table(changes, "../", links);
  if (!caught.empty()) body += "<h2>Regressions the gate caught</h2>\n" + caught_table(caught, link);
  const std::string call = "perfgate.chart(" + js_string(series_page_name(key)) + ", " + js_string(link.url_template()) + ");";
  return html_page({key.benchmark + " on " + key.testbed, "../", body, call, scripts(testbeds),
                    {"../assets/dygraph.min.css", "../assets/dashboard.css"}});
}

}  // namespace perfgate::dashboard
