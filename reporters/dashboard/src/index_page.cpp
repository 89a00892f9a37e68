#include "perfgate/dashboard/index_page.hpp"

#include "perfgate/dashboard/page.hpp"
#include "perfgate/dashboard/page_name.hpp"
#include "perfgate/model/time_text.hpp"
#include "perfgate/writers/xml_text.hpp"

namespace perfgate::dashboard {
namespace {

// Hides the rows whose name does not contain the filter's text (any case).
constexpr const char* kFilterScript = R"js(
document.getElementById('filter').addEventListener('input', function (event) {
  var text = event.target.value.toLowerCase();
  document.querySelectorAll('tr[data-name]').forEach(function (row) {
    row.hidden = row.getAttribute('data-name').toLowerCase().indexOf(text) < 0;
  });
});
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

std::string entry_row(const IndexEntry& e) {
  std::string html = "<tr data-name=\"" + xml_escape_attribute(e.key.benchmark) + "\">";
  html += "<td><a href=\"" + xml_escape_attribute(series_page_name(e.key)) + "\">" + xml_escape_text(e.key.benchmark) +
          "</a></td><td>" + xml_escape_text(e.key.suite) + "</td><td>" + e.sparkline + "</td>";
  html += "<td class=\"num\">" + xml_escape_text(format_seconds(e.latest_median_s)) + "</td><td class=\"num\">" +
          std::to_string(e.runs) + "</td><td class=\"num\">" + std::to_string(e.changes) + "</td></tr>\n";
  return html;
}

constexpr const char* kTableHead =
    "<table class=\"series\">\n<thead><tr><th>benchmark</th><th>suite</th><th>trend</th><th class=\"num\">latest"
    "</th><th class=\"num\">runs</th><th class=\"num\">changes</th></tr></thead>\n<tbody>\n";

}  // namespace

std::string index_page(const HistoryFacts& facts, const std::vector<IndexEntry>& entries) {
  std::string body = "<h1>perfgate history</h1>\n" + summary(facts);
  body += "<input id=\"filter\" type=\"search\" placeholder=\"filter benchmarks by name\" aria-label=\"filter\">\n";
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i == 0 || entries[i].key.testbed != entries[i - 1].key.testbed)
      body += std::string(i == 0 ? "" : "</tbody>\n</table>\n") + "<h2>" + xml_escape_text(entries[i].key.testbed) +
              "</h2>\n" + kTableHead;
    body += entry_row(entries[i]);
  }
  if (!entries.empty()) body += "</tbody>\n</table>\n";
  else body += "<p>No main-line run in the history.</p>\n";
  return html_page({"perfgate history", "", body, kFilterScript});
}

}  // namespace perfgate::dashboard
