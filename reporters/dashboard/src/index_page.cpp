#include "perfgate/dashboard/index_page.hpp"

#include <cmath>
#include <cstdio>
#include <tuple>

#include "perfgate/dashboard/change_text.hpp"
#include "perfgate/dashboard/page.hpp"
#include "perfgate/dashboard/page_name.hpp"
#include "perfgate/dashboard/sparkline.hpp"
#include "perfgate/model/time_text.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::dashboard {
namespace {

// Hides the rows whose name does not contain the filter's text (any case)
// or, with "changed only", that have no change; the state goes into the
// URL's fragment (#filter=...&changed=1) and is read back from it on load.
constexpr const char* kFilterScript = R"js(
(function () {
  var filter = document.getElementById('filter'), changed = document.getElementById('changed-only');
  function apply() {
    var text = filter.value.toLowerCase();
    document.querySelectorAll('tr[data-name]').forEach(function (row) {
      row.hidden = row.getAttribute('data-name').toLowerCase().indexOf(text) < 0 ||
                   (changed.checked && !row.hasAttribute('data-changed'));
    });
    var state = new URLSearchParams();
    if (filter.value) state.set('filter', filter.value);
    if (changed.checked) state.set('changed', '1');
    var fragment = state.toString();
    history.replaceState(null, '', fragment ? '#' + fragment : location.pathname + location.search);
  }
  var state = new URLSearchParams(location.hash.slice(1));
  filter.value = state.get('filter') || '';
  changed.checked = state.get('changed') === '1';
  filter.addEventListener('input', apply);
  changed.addEventListener('change', apply);
  apply();
})();
)js";

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& n : names) text += (text.empty() ? "" : ", ") + n;
  return text.empty() ? "-" : text;
}

std::string summary(const HistoryFacts& f) {
  std::string html = "<dl class=\"summary\">\n";
  const auto item = [&](const std::string& term, const std::string& value) {
    html += "<dt>" + term + "</dt><dd>" + xml_escape_text(value) + "</dd>\n";
  };
  item("Testbeds", joined(f.testbeds));
  item("Suites", joined(f.suites));
  item("Benchmarks", std::to_string(f.benchmarks));
  item("Runs", std::to_string(f.runs.runs));
  item("Dates", f.runs.runs == 0 ? "-" : f.runs.first_utc + " to " + f.runs.last_utc);
  return html + "</dl>\n";
}

// "+25.0% at 1a2b3c4d5e6f", "+3.1% drift over 1a2b..9f8e", "+2.0% somewhere in 1a2b..9f8e" (a step
// the data cannot place), "+6.0% at 1a2b, taken back at 9f8e".
std::string latest_change_text(const ListedChange& listed) {
  const history::Change& c = listed.change;
  std::string text = percent_text(c.change_pct);
  if (c.shape == history::ChangeShape::drift)
    return text + " drift over " + c.commit.substr(0, 12) + ".." + c.end_commit.substr(0, 12);
  if (!c.placed) return text + " somewhere in " + c.commit.substr(0, 12) + ".." + c.end_commit.substr(0, 12);
  text += " at " + c.commit.substr(0, 12);
  if (!listed.undone_at.empty()) text += ", taken back at " + listed.undone_at.substr(0, 12);
  return text;
}

std::string latest_change_cell(const IndexEntry& e) {
  if (!e.latest_change) return "<td class=\"num\">-</td>";
  const double pct = e.latest_change->change.change_pct;
  return "<td class=\"num " + std::string(pct > 0 ? "slower" : "faster") + "\">" +
         xml_escape_text(latest_change_text(*e.latest_change)) + "</td>";
}

std::string entry_row(const IndexEntry& e) {
  std::string html = "<tr data-name=\"" + xml_escape_attribute(e.key.benchmark) + "\"";
  if (e.latest_change) html += " data-changed=\"" + percent_text(e.latest_change->change.change_pct) + "\"";
  html += "><td><a href=\"" + xml_escape_attribute(series_page_name(e.key)) + "\">" + xml_escape_text(e.key.benchmark) +
          "</a></td><td>" + xml_escape_text(e.key.suite) + "</td><td>" + e.sparkline + "</td>";
  html += "<td class=\"num\">" + xml_escape_text(format_seconds(e.latest_median_s)) + "</td><td class=\"num\">" +
          std::to_string(e.runs) + "</td><td class=\"num\">" + std::to_string(e.changes) + "</td>" +
          latest_change_cell(e) + "</tr>\n";
  return html;
}

constexpr const char* kTableHead =
    "<table class=\"series\">\n<thead><tr><th>benchmark</th><th>suite</th><th>trend</th><th class=\"num\">latest"
    "</th><th class=\"num\">runs</th><th class=\"num\">changes</th><th class=\"num\">latest change</th></tr></thead>\n"
    "<tbody>\n";

// "±10%": kSparklineRange as the note states it.
std::string percent_range() {
  char text[32];
  std::snprintf(text, sizeof text, "&#177;%.0f%%", kSparklineRange * 100.0);
  return text;
}

std::string filter_form() {
  return "<p class=\"filters\"><input id=\"filter\" type=\"search\" placeholder=\"filter benchmarks by name\" "
    "aria-label=\"filter\"> <label><input id=\"changed-only\" type=\"checkbox\"> changed only</label></p>\n"
    "<p class=\"note\">Series with a change come first, the largest latest change first. Sparklines share one scale: "
    "the series' current level (the median of its last " + std::to_string(kSparklineLevelRuns) + " run medians) " +
    percent_range() + ", a run beyond drawn at the edge; a change is a red (slower) or green (faster) mark.</p>\n";
}

double latest_size(const IndexEntry& e) {
  return e.latest_change ? std::fabs(e.latest_change->change.change_pct) : -1.0;
}

}  // namespace

bool index_order(const IndexEntry& a, const IndexEntry& b) {
  return std::make_tuple(std::cref(a.key.testbed), -latest_size(a), std::cref(a.key.suite), std::cref(a.key.benchmark)) <
         std::make_tuple(std::cref(b.key.testbed), -latest_size(b), std::cref(b.key.suite), std::cref(b.key.benchmark));
}

std::string index_page(const HistoryFacts& facts, const std::vector<IndexEntry>& entries) {
  std::string body = "<h1>perfgate history</h1>\n" + summary(facts) + filter_form();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i == 0 || entries[i].key.testbed != entries[i - 1].key.testbed)
      body += std::string(i == 0 ? "" : "</tbody>\n</table></div>\n") + "<h2>" + xml_escape_text(entries[i].key.testbed) +
              "</h2>\n<div class=\"table-scroll\">" + kTableHead;
    body += entry_row(entries[i]);
  }
  if (!entries.empty()) body += "</tbody>\n</table></div>\n";
  else body += "<p>No main-line run in the history.</p>\n";
  return html_page({"perfgate history", "", body, kFilterScript, {}, {}});
}

}  // namespace perfgate::dashboard
