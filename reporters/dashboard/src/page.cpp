#include "perfgate/dashboard/page.hpp"

#include "perfgate/dashboard/decimation.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::dashboard {
namespace {

constexpr const char* kStyle = R"css(
body { font: 14px/1.4 system-ui, sans-serif; margin: 0 1.5em 2em; color: #1b1f24; }
nav { padding: .6em 0; border-bottom: 1px solid #d0d7de; margin-bottom: 1em; }
nav a { margin-right: 1.2em; }
table { border-collapse: collapse; }
h1, h2, p { overflow-wrap: anywhere; }
.table-scroll { max-width: 100%; overflow-x: auto; }
input#filter { max-width: 100%; box-sizing: border-box; }
th, td { padding: .2em .7em; text-align: left; border-bottom: 1px solid #eaeef2; vertical-align: middle; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.slower { color: #b42318; } .faster { color: #1a7f37; }
dl.summary { display: grid; grid-template-columns: max-content auto; gap: .2em 1.2em; }
dl.summary dt { font-weight: 600; } dl.summary dd { margin: 0; }
input#filter { width: 28em; padding: .3em; margin: .5em 1em .5em 0; }
p.note { color: #57606a; font-size: 12px; }
svg.sparkline polyline { fill: none; stroke: #0969da; stroke-width: 1; }
footer { margin-top: 2em; color: #57606a; font-size: 12px; }
)css";

// In <head>, before anything else can load: once loaded, body[data-requests]
// says how many resources came from anywhere but where the page itself is
// (another scheme or host) plus how many loads the CSP refused: 0, which the
// tests read in a real browser.
constexpr const char* kRequestCount = R"js(
var perfgateRefused = 0;
document.addEventListener('securitypolicyviolation', function () { perfgateRefused += 1; });
addEventListener('load', function () {
  var elsewhere = performance.getEntriesByType('resource').filter(function (entry) {
    var url = new URL(entry.name, location.href);
    return url.protocol !== location.protocol || url.host !== location.host;
  });
  document.body.setAttribute('data-requests', String(elsewhere.length + perfgateRefused));
});
)js";

}  // namespace

std::string html_page(const PageParts& parts) {
  std::string page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  // A constant without '"' or '&': written as is, since the policy is read
  // verbatim and tests and auditors search for it so.
  page += std::string("<meta http-equiv=\"Content-Security-Policy\" content=\"") + kContentSecurityPolicy + "\">\n";
  page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  page += "<title>" + xml_escape_text(parts.title) + "</title>\n<style>" + kStyle + "</style>\n";
  for (const std::string& sheet : parts.stylesheets)
    page += "<link rel=\"stylesheet\" href=\"" + xml_escape_attribute(sheet) + "\">\n";
  page += std::string("<script>") + kRequestCount + "</script>\n</head>\n<body>\n";
  page += "<nav><a href=\"" + parts.root + "index.html\">History</a><a href=\"" + parts.root +
          "changes.html\">Changes</a></nav>\n";
  page += parts.body;
  page += "<footer>perfgate history report. " + xml_escape_text(kDecimationRule) + " Charts: <a href=\"" + parts.root +
          "assets/dygraph-LICENSE.txt\">dygraphs</a> (MIT).</footer>\n";
  for (const std::string& script : parts.scripts)
    page += "<script src=\"" + xml_escape_attribute(script) + "\"></script>\n";
  if (!parts.script.empty()) page += "<script>" + parts.script + "</script>\n";
  page += "</body>\n</html>\n";
  return page;
}

}  // namespace perfgate::dashboard
