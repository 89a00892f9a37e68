#include "perfgate/dashboard/page.hpp"

#include "perfgate/dashboard/decimation.hpp"
#include "perfgate/writers/xml_text.hpp"

namespace perfgate::dashboard {
namespace {

constexpr const char* kStyle = R"css(
body { font: 14px/1.4 system-ui, sans-serif; margin: 0 1.5em 2em; color: #1b1f24; }
nav { padding: .6em 0; border-bottom: 1px solid #d0d7de; margin-bottom: 1em; }
nav a { margin-right: 1.2em; }
table { border-collapse: collapse; }
th, td { padding: .2em .7em; text-align: left; border-bottom: 1px solid #eaeef2; vertical-align: middle; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.slower { color: #b42318; } .faster { color: #1a7f37; }
dl.summary { display: grid; grid-template-columns: max-content auto; gap: .2em 1.2em; }
dl.summary dt { font-weight: 600; } dl.summary dd { margin: 0; }
input#filter { width: 28em; padding: .3em; margin: .5em 0 1em; }
svg .median { fill: none; stroke: #0969da; stroke-width: 1.2; }
svg .interval { stroke: #8cb4e8; stroke-width: 1; }
svg .point { fill: #0969da; } svg .point:hover { fill: #cf222e; }
svg .axis { stroke: #8c959f; stroke-width: 1; } svg .grid { stroke: #eaeef2; stroke-width: 1; }
svg text { font: 11px system-ui, sans-serif; fill: #57606a; }
svg .change-marker { stroke: #cf222e; stroke-width: 1.5; stroke-dasharray: 4 3; }
svg .level { stroke: #cf222e; stroke-width: 2; opacity: .6; }
svg.sparkline polyline { fill: none; stroke: #0969da; stroke-width: 1; }
footer { margin-top: 2em; color: #57606a; font-size: 12px; }
)css";

}  // namespace

std::string html_page(const PageParts& parts) {
  std::string page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  // A constant without '"' or '&': written as is, since the policy is read
  // verbatim and tests and auditors search for it so.
  page += std::string("<meta http-equiv=\"Content-Security-Policy\" content=\"") + kContentSecurityPolicy + "\">\n";
  page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  page += "<title>" + xml_escape_text(parts.title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
  page += "<nav><a href=\"" + parts.root + "index.html\">History</a><a href=\"" + parts.root +
          "changes.html\">Changes</a></nav>\n";
  page += parts.body;
  page += "<footer>perfgate history report. " + xml_escape_text(kDecimationRule) + "</footer>\n";
  if (!parts.script.empty()) page += "<script>" + parts.script + "</script>\n";
  page += "</body>\n</html>\n";
  return page;
}

}  // namespace perfgate::dashboard
