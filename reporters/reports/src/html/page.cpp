// The page around the report: doctype, the Content-Security-Policy, the
// style and the filter script, all inline so that the file is the whole
// report (an attachment, a CI artifact opened offline).

#include <string>
#include <vector>

#include "html_parts.hpp"
#include "perfgate/gate/gate_status.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::html {
namespace {

// No request may leave the page: nothing to load from anywhere, only the
// inline style and script (and data: images, of which there are none yet).
constexpr const char* kContentSecurityPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:";

constexpr const char* kStyle = R"css(
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1f2328;background:#fff}
header.top{position:sticky;top:0;z-index:2;background:#f6f8fa;border-bottom:1px solid #d0d7de;padding:8px 16px}
main{padding:8px 16px 32px}
h1{font-size:18px;margin:4px 0}h2{font-size:17px;margin:24px 0 8px}h3{font-size:15px;margin:16px 0 6px}
.banner{font-weight:600;padding:8px 12px;border-radius:6px;margin:6px 0}
.banner.pass{background:#dafbe1;color:#116329}.banner.fail{background:#ffebe9;color:#a40e26}
.banner.error{background:#fff1c2;color:#7d4e00}.banner.skipped{background:#eaeef2;color:#57606a}
.banner.not-gated{background:#eaeef2;color:#953800;border:1px dashed #bc4c00}
.filters{display:flex;gap:16px;align-items:center;flex-wrap:wrap;font-size:13px}
.filters input[type=text]{width:220px}
.note{color:#57606a;margin:4px 0}.warning{color:#9a6700;font-weight:600}
table{border-collapse:collapse;margin:6px 0;font-size:13px}
th,td{border-bottom:1px solid #eaeef2;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.verdict-regression{color:#cf222e;font-weight:600}.verdict-improvement{color:#1a7f37;font-weight:600}
.verdict-inconclusive{color:#9a6700}.verdict-other{color:#8250df}.verdict-no-change{color:#57606a}
table.regressions tr.regression-row td:first-child{border-left:4px solid #cf222e;background:#fff8f8}
button.why-toggle{font:inherit;font-weight:600;border:0;padding:0;background:none;color:#0969da;cursor:pointer;text-align:left}
table.regressions .why p{margin:4px 0;max-width:70em}
summary.h3{font-size:15px;font-weight:600;margin:16px 0 6px;cursor:pointer}
.suggestion{margin:4px 0 4px 12px;color:#24292f}.suggestion .hint{color:#57606a}
svg{display:block;margin:6px 0;font-size:11px;max-width:100%;height:auto}
svg .grid{stroke:#eaeef2}svg .axis-title{font-size:12px;fill:#24292f}svg .tick{fill:#57606a}
svg .band{fill:#ddf4ff}svg .zero{stroke:#8c959f;stroke-dasharray:3 3}
svg .ci{stroke-width:2}svg .label{fill:#24292f}
svg .regression{stroke:#cf222e;fill:#cf222e}svg .improvement{stroke:#1a7f37;fill:#1a7f37}
svg .no-change{stroke:#6e7781;fill:#6e7781}svg .inconclusive{stroke:#bf8700;fill:#bf8700}svg .other{stroke:#8250df;fill:#8250df}
svg .baseline-dot{fill:#0969da;opacity:.6}svg .current-dot{fill:#cf222e;opacity:.6}svg .median{stroke:#24292f;stroke-width:2}svg .round{stroke:#57606a;stroke-width:1.5}
svg .roof{stroke:#24292f;stroke-width:1.5;fill:none}svg .roof-label{fill:#24292f}
svg .curve{stroke:#0969da;stroke-width:2;fill:none}svg .batch-point{fill:#0969da}svg .knee{stroke:#1a7f37;stroke-dasharray:4 3}
svg .limit{stroke:#cf222e;stroke-dasharray:4 3}svg .failed{stroke:#cf222e;stroke-width:2}
.small-multiples{display:flex;flex-wrap:wrap;gap:4px 16px}
.small-multiples figure{margin:0}.small-multiples figcaption{font-size:12px;max-width:330px;overflow-wrap:anywhere}
.legend span{margin-right:12px}.legend .b{color:#0969da}.legend .c{color:#cf222e}
.skipped-line{margin:2px 0;color:#57606a}.row-limit{color:#57606a;margin:4px 0}
footer.version{color:#57606a;font-size:12px;padding:8px 16px;border-top:1px solid #eaeef2}
[data-hidden]{display:none}
)css";

// The filters: only regressions, one suite, a part of the name.  Every
// element of a benchmark carries data-benchmark/-suite/-verdict; every suite
// section data-suite and data-regressions; every part about no regression
// is a [data-detail] element.  "Only regressions" keeps the regressed rows
// and hides the rest: the other rows, the detail parts, the suites without
// a regression (skipped ones included).  The filters live in the URL's
// fragment (report.html#regressions&suite=host&name=gemm): read on load and
// on hashchange, written back (replaceState) when a filter changes, so a
// copied link shows the same view.  A fragment the page cannot read (bad
// percent-encoding, an unknown key, a suite it does not have) is ignored,
// part by part, never an exception.  The script also writes how many
// resources the page loaded into body[data-requests]: 0, which a test reads
// back from the DOM; it does that first, so nothing below can keep it from.
// A table of cases (regressions, benchmarks) shows its first 25 matching
// rows and a "show all" button under it: the layout of every row of a
// 2,000-case table on each keystroke made the name filter take 0.4 s.
constexpr const char* kScript = R"js(
(function () {
  var body = document.body;
  function countRequests() {
    body.setAttribute('data-requests', String(performance.getEntriesByType('resource').length));
  }
  countRequests();
  window.addEventListener('load', countRequests);
  function byId(id) { return document.getElementById(id); }
  var only = byId('only-regressions'), suiteFilter = byId('suite-filter'), nameFilter = byId('name-filter');
  function each(selector, f) {
    var items = document.querySelectorAll(selector);
    for (var i = 0; i < items.length; i++) f(items[i]);
  }
  // Only what changes is touched: a keystroke that hides or shows a
  // thousand rows costs their layout, one that changes nothing costs none.
  function hide(e, hidden) {
    if (hidden === e.hasAttribute('data-hidden')) return;
    if (hidden) e.setAttribute('data-hidden', ''); else e.removeAttribute('data-hidden');
  }
  // Each regression's why folded under its name, which opens it.
  each('table.regressions .why', function (why) {
    why.hidden = true;
    why.previousElementSibling.addEventListener('click', function () { why.hidden = !why.hidden; });
  });
  // A table of cases shows its first ROW_LIMIT matching rows (report order:
  // the regressions, then what moved most) until its reader asks for all:
  // laying out 2,000 rows took a keystroke 0.4 s.
  var ROW_LIMIT = 25, tables = [];
  each('table.benchmarks, table.regressions', function (t) {
    var more = document.createElement('p'), button = document.createElement('button'), text = document.createElement('span');
    more.className = 'row-limit';
    button.type = 'button';
    button.textContent = 'show all';
    more.appendChild(text);
    more.appendChild(document.createTextNode(' '));
    more.appendChild(button);
    t.parentNode.insertBefore(more, t.nextSibling);
    var table = {e: t, all: false, more: more, text: text, shown: 0, matching: 0};
    button.addEventListener('click', function () { table.all = true; apply(); });
    t.perfgateTable = table;
    tables.push(table);
  });
  // Every element that stands for a case, read once: its name in lower case
  // for the name filter, and the rows of each table of benchmarks.
  var cases = [];
  each('[data-benchmark]', function (e) {
    cases.push({e: e, name: e.getAttribute('data-benchmark').toLowerCase(), suite: e.getAttribute('data-suite'),
                regression: e.getAttribute('data-verdict') === 'REGRESSION',
                table: e.matches('tr') ? e.closest('table').perfgateTable : null});
  });
  function apply() {
    var regressions = only.checked, suite = suiteFilter.value, text = nameFilter.value.toLowerCase();
    tables.forEach(function (t) { t.shown = 0; t.matching = 0; });
    cases.forEach(function (c) {
      var match = (!regressions || c.regression) && (!suite || c.suite === suite) && (!text || c.name.indexOf(text) >= 0);
      if (match && c.table) {
        ++c.table.matching;
        match = c.table.all || c.table.shown < ROW_LIMIT;
        if (match) ++c.table.shown;
      }
      hide(c.e, !match);
    });
    tables.forEach(function (t) {
      t.text.textContent = 'Showing ' + t.shown + ' of ' + t.matching + ' matching rows.';
      hide(t.more, t.shown === t.matching);
    });
    each('[data-detail]', function (e) { hide(e, regressions); });
    var shown = 0;
    each('section.suite', function (s) {
      var hidden = (suite && s.getAttribute('data-suite') !== suite) ||
                   (regressions && !(Number(s.getAttribute('data-regressions')) > 0));
      hide(s, hidden);
      if (!hidden) ++shown;
    });
    hide(byId('nothing-shown'), shown > 0);
  }
  function decode(text) {
    try { return decodeURIComponent(text); } catch (e) { return null; }
  }
  function hasSuite(name) {
    for (var i = 0; i < suiteFilter.options.length; i++)
      if (suiteFilter.options[i].value === name) return true;
    return false;
  }
  // The fragment is the whole state: what it does not set is off.
  function fromFragment() {
    var regressions = false, suite = '', name = '';
    var parts = String(location.hash).replace(/^#/, '').split('&');
    for (var k = 0; k < parts.length; k++) {
      var at = parts[k].indexOf('=');
      var key = at < 0 ? parts[k] : parts[k].slice(0, at);
      var value = at < 0 ? null : decode(parts[k].slice(at + 1));
      if (key === 'regressions') regressions = true;
      else if (key === 'suite' && value !== null && hasSuite(value)) suite = value;
      else if (key === 'name' && value !== null) name = value;
    }
    only.checked = regressions;
    suiteFilter.value = suite;
    nameFilter.value = name;
    apply();
  }
  function toFragment() {
    var parts = [];
    if (only.checked) parts.push('regressions');
    if (suiteFilter.value) parts.push('suite=' + encodeURIComponent(suiteFilter.value));
    if (nameFilter.value) parts.push('name=' + encodeURIComponent(nameFilter.value));
    var url = location.href.split('#')[0] + (parts.length ? '#' + parts.join('&') : '');
    if (url === location.href) return;
    try { history.replaceState(history.state, '', url); } catch (e) { location.replace(url); }
  }
  [only, suiteFilter, nameFilter].forEach(function (control) {
    ['input', 'change'].forEach(function (type) {
      control.addEventListener(type, function () { apply(); toFragment(); });
    });
  });
  fromFragment();
  window.addEventListener('hashchange', fromFragment);
})();
)js";

// Shown by the script when the filters leave no suite on the page.
constexpr const char* kNothingShown = "<p class=\"note\" id=\"nothing-shown\" data-hidden>Nothing matches the filters.</p>";

std::string suite_options(const std::vector<std::string>& suites) {
  std::string options = "<option value=\"\">all suites</option>";
  for (const std::string& s : suites)
    options += "<option value=\"" + xml_escape_attribute(s) + "\">" + xml_escape_text(s) + "</option>";
  return options;
}

std::string filters(const std::vector<std::string>& suites) {
  return "<div class=\"filters\"><label><input type=\"checkbox\" id=\"only-regressions\"> only regressions</label>"
         "<label>suite <select id=\"suite-filter\">" +
         suite_options(suites) +
         "</select></label><label>name <input type=\"text\" id=\"name-filter\" placeholder=\"part of a name\"></label></div>";
}

}  // namespace

std::string verdict_banner(GateStatus status, int exit_code, const std::string& summary, const std::string& id) {
  const char* kind = "error";
  switch (status) {
    case GateStatus::pass: kind = "pass"; break;
    case GateStatus::fail: kind = "fail"; break;
    case GateStatus::skipped: kind = "skipped"; break;
    case GateStatus::not_gated: kind = "not-gated"; break;
    case GateStatus::error: break;
  }
  return "<div class=\"banner " + std::string(kind) + "\" id=\"" + xml_escape_attribute(id) + "\" data-exit-code=\"" +
         std::to_string(exit_code) + "\" data-status=\"" + to_json_string(status) + "\">" + xml_escape_text(summary) + "</div>";
}

std::string page(const std::string& title, const std::string& banner, const std::vector<std::string>& suites,
                 const std::string& body, const std::string& footer) {
  return std::string("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">") +
         "<meta http-equiv=\"Content-Security-Policy\" content=\"" + kContentSecurityPolicy + "\">" +
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" + xml_escape_text(title) +
         "</title><style>" + kStyle + "</style></head>\n<body><header class=\"top\"><h1>" + xml_escape_text(title) + "</h1>" +
         banner + filters(suites) + "</header>\n<main>" + kNothingShown + body + "</main>\n<footer class=\"version\">" +
         xml_escape_text(footer) + "</footer>\n<script>" + kScript + "</script></body></html>\n";
}

}  // namespace perfgate::html
