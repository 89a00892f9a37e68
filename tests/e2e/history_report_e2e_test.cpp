// `perfgate history report` end to end: a history with a planted step made
// through the CLI on two testbeds, the site it writes (pages, chart data,
// dygraphs with its licence, one run table per testbed, the change marked at
// its commit, changed series first, regressions first, commits as links,
// nothing loaded from outside the site), the charts in a real browser (zoom,
// the cursor read-out, a click on a change opening its commit, the view
// kept in the URL), and bad input.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "headless_browser.hpp"
#include "perfgate/dashboard/chart_data.hpp"
#include "perfgate/dashboard/page_name.hpp"
#include "perfgate/dashboard/run_table.hpp"
#include "perfgate/dashboard/series_code.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/model/time_text.hpp"
#include "perfgate/sql/sql_connection.hpp"
#include "results_builder.hpp"
#include "shell.hpp"
#include "test_database.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;

// A name with what a file name must not hold: '/', spaces, quotes, markup, Unicode.
const std::string kOddName = "gemm/bf16 \"tiled\" <b>\xC3\xA9t\xC3\xA9</b> & co";

testing::CommandResult perfgate(const std::string& args) { return run_shell(shell_word(PERFGATE_CLI) + " " + args); }

// Run i of suite "s": "a" 1 ms, 25% slower from run `step_at` on; "b" 2 ms
// throughout; kOddName 3 ms, 30% faster from `step_at` on.  10 samples, 1% noise.
fs::path series_file(const fs::path& folder, int i, int step_at) {
  const bool after = i >= step_at;
  Results r = testing::results(
      "s", {testing::benchmark("a", testing::lognormal_samples(1e-3 * (after ? 1.25 : 1.0), 0.01, 10, 10 * i)),
            testing::benchmark("b", testing::lognormal_samples(2e-3, 0.01, 10, 10 * i + 1)),
            testing::benchmark(kOddName, testing::lognormal_samples(3e-3 * (after ? 0.7 : 1.0), 0.01, 10, 10 * i + 2))});
  r.source.git_commit = "commit" + std::to_string(i);
  r.created_utc = "2026-11-" + std::string(i < 10 ? "0" : "") + std::to_string(i) + "T00:00:00Z";
  const fs::path file = folder / ("run" + std::to_string(i) + ".json");
  save_results(r, file);
  return file;
}

void ingest_series(const std::string& db, const fs::path& folder, int n, int step_at) {
  for (int i = 1; i <= n; ++i) {
    const auto r = perfgate("history ingest --history " + shell_word(db) + " --ordinal " + std::to_string(i) + " " +
                            shell_word(series_file(folder, i, step_at).string()));
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }
}

// Run i of "a" alone on a second testbed (--testbed), 1.1 ms throughout.
void ingest_second_testbed(const std::string& db, const fs::path& folder, int n) {
  for (int i = 1; i <= n; ++i) {
    Results r = testing::results("s", {testing::benchmark("a", testing::lognormal_samples(1.1e-3, 0.01, 10, 1000 + i))});
    r.source.git_commit = "commit" + std::to_string(i);
    r.created_utc = "2026-11-" + std::string(i < 10 ? "0" : "") + std::to_string(i) + "T06:00:00Z";
    const fs::path file = folder / ("second" + std::to_string(i) + ".json");
    save_results(r, file);
    const auto ingested = perfgate("history ingest --history " + shell_word(db) + " --testbed second-box --ordinal " +
                                   std::to_string(i) + " " + shell_word(file.string()));
    ASSERT_EQ(ingested.exit_code, 0) << ingested.output;
  }
}

// Runs of the other kinds beside the main line, and the gate's verdicts:
// pull requests pr1..pr3 ("a" at 1.4 ms, "b" as ever; no ordinal: not on
// the main line) on the day of main run 21, one A/B run on the day of run
// 25; run 20 judged against run 19 (main) and pull request pr1 against run
// 19 (pr), both with "a" a REGRESSION.
void ingest_other_kinds(const std::string& db, const fs::path& folder) {
  const auto ingest = [&](const fs::path& file, const std::string& kind) {
    const auto r = perfgate("history ingest --history " + shell_word(db) + " --kind " + kind + " " + shell_word(file.string()));
    ASSERT_EQ(r.exit_code, 0) << r.output;
  };
  const auto run = [&](const std::string& commit, const std::string& date, int seed) {
    Results r = testing::results("s", {testing::benchmark("a", testing::lognormal_samples(1.4e-3, 0.01, 10, seed)),
                                       testing::benchmark("b", testing::lognormal_samples(2e-3, 0.01, 10, seed + 1))});
    r.source.git_commit = commit;
    r.created_utc = date;
    const fs::path file = folder / (commit + ".json");
    save_results(r, file);
    return file;
  };
  for (int i = 1; i <= 3; ++i) ingest(run("pr" + std::to_string(i), "2026-11-21T1" + std::to_string(i) + ":00:00Z", 3000 + 10 * i), "pr");
  ingest(run("ab1", "2026-11-25T12:00:00Z", 3100), "ab");
  for (const auto& [current, kind] : {std::pair<std::string, std::string>{"run20", "main"}, {"pr1", "pr"}}) {
    const fs::path comparison = folder / (current + ".comparison.json");
    const auto compared = perfgate("compare " + shell_word((folder / "run19.json").string()) + " " +
                                   shell_word((folder / (current + ".json")).string()) + " --json " +
                                   shell_word(comparison.string()));
    ASSERT_EQ(compared.exit_code, 1) << "a is 25-40% slower: " << compared.output;
    ingest(comparison, kind);
  }
}

// The testbed the results builder's CPU fingerprint gives (as history_cli_e2e_test.cpp).
constexpr const char* kTestbed = "cpu-test-cpu-9000-8cpu";
constexpr const char* kSecondTestbed = "second-box";
constexpr const char* kCommitUrl = "https://git.example.org/org/repo/commit/{commit}";
constexpr const char* kCompareUrl = "https://git.example.org/org/repo/compare/{from}...{to}";

fs::path page_of(const fs::path& site, const std::string& benchmark, const std::string& testbed = kTestbed) {
  return site / dashboard::series_page_name({"s", testbed, benchmark});
}

std::string unescape_text(std::string text) {
  for (const auto& [from, to] : {std::pair<std::string, std::string>{"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""},
                                 {"&amp;", "&"}}) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  }
  return text;
}

// What the probe below saw on a trend page, in a real browser.
struct Probed {
  testing::BrowserPage page;
  nlohmann::json seen;
};

// Runs on a copy of a trend page, after its chart is drawn, as a user would:
// the cursor over run `readAt`, a drag from `zoomFrom` to `zoomTo` (commit
// ordinals) on what lies at the chart's middle, then a click at the middle
// of the change mark of commit `markCommit`, where a listener records the
// link it would open (and stops the navigation).  The answer goes into
// <pre id="probe"> as JSON.
constexpr const char* kChartProbe = R"js(
(function () {
  var chart = document.getElementById('chart'), graph = perfgate.current.graph, out = {};
  var frame = chart.getBoundingClientRect(), area = graph.getArea();
  var y = frame.top + area.y + area.h / 2;
  function pixel(x) { return frame.left + graph.toDomXCoord(x); }
  function fire(target, type, x) {
    target.dispatchEvent(new MouseEvent(type, {bubbles: true, cancelable: true, view: window, clientX: x, clientY: y,
                                               button: 0, buttons: type === 'mouseup' ? 0 : 1}));
  }
  out.lines = perfgate.current.lines.map(function (line) { return line.series.testbed + ':' + line.points.length; });
  out.range = chart.getAttribute('data-range');
  var surface = document.elementFromPoint(pixel(probe.zoomFrom), y);
  out.surface = surface ? surface.tagName : null;
  fire(surface, 'mousemove', pixel(probe.readAt));
  out.readout = document.getElementById('readout').textContent;
  fire(surface, 'mousedown', pixel(probe.zoomFrom));
  for (var step = 1; step <= 5; step++) fire(surface, 'mousemove', pixel(probe.zoomFrom + (probe.zoomTo - probe.zoomFrom) * step / 5));
  fire(surface, 'mouseup', pixel(probe.zoomTo));
  out.zoomed = chart.getAttribute('data-range');
  out.hash = location.hash;
  var mark = document.querySelector('.change-mark[data-commit="' + probe.markCommit + '"]');
  if (mark) {
    var box = mark.getBoundingClientRect(), hit = document.elementFromPoint(box.left + box.width / 2, y);
    var link = hit && hit.closest('a');
    out.hit = link ? link.getAttribute('data-commit') : hit ? hit.tagName : null;
    document.addEventListener('click', function (event) {
      var a = event.target.closest('a');
      out.opened = a ? a.href : null;
      event.preventDefault();
    });
    if (hit) hit.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  }
  probe_answer(out);
})();
)js";

// Runs `script` on a copy of `page` after the page's own scripts, in a
// window `width` px wide (0: chromium's default); the script leaves its
// answer as JSON in <pre id="probe"> (probe_answer() writes it there).
Probed probe_page(const fs::path& page, const std::string& script, const std::string& name,
                  const std::string& fragment = "", int width = 0) {
  std::string html = read_text(page);
  html.insert(html.rfind("</body>"),
              "<script>function probe_answer(out) { var pre = document.createElement('pre'); pre.id = 'probe'; "
              "pre.textContent = JSON.stringify(out); document.body.appendChild(pre); }\n" + script + "</script>");
  const fs::path copy = page.parent_path() / (name + ".html");  // beside it: the same relative paths
  testing::write_text(copy, html);
  Probed probed{testing::load_in_browser(copy, {}, fragment, width), {}};
  fs::remove(copy);
  if (!probed.page.skip_reason.empty()) return probed;
  const std::string open = "<pre id=\"probe\">";
  const std::size_t from = probed.page.dom.find(open);
  if (from == std::string::npos) {
    ADD_FAILURE() << "the probe did not run: " << probed.page.log;
    return probed;
  }
  const std::size_t text = from + open.size();
  probed.seen = nlohmann::json::parse(unescape_text(probed.page.dom.substr(text, probed.page.dom.find("</pre>", text) - text)));
  return probed;
}

Probed probe_chart(const fs::path& page, const std::string& settings, const std::string& name) {
  return probe_page(page, "var probe = " + settings + ";" + kChartProbe, name);
}

// "median 1.00 ms, 95% [0.990 ms, 1.01 ms], n 10" of point `i` of a chart
// data script, decoded here as chart_data.hpp states (the read-out's words).
std::string run_text(const std::string& script, std::size_t i) {
  const std::size_t base_at = script.find(",base:") + 6;
  const double base = std::stod(script.substr(base_at, script.find(',', base_at) - base_at));
  const std::size_t from = script.find("points:\"") + 8;
  const std::vector<std::uint64_t> codes = dashboard::decode_vlq(script.substr(from, script.find('"', from) - from)).value();
  std::int64_t step = 0, n = 0;
  for (std::size_t p = 0; p <= i; ++p) {
    step += dashboard::unzigzag(codes[5 * p + 1]);
    n += dashboard::unzigzag(codes[5 * p + 4]);
  }
  const std::uint64_t* c = &codes[5 * i];
  return "median " + format_seconds(dashboard::from_log_step(step, base)) + ", 95% [" +
         format_seconds(dashboard::from_log_step(step - dashboard::unzigzag(c[2] - 1), base)) + ", " +
         format_seconds(dashboard::from_log_step(step + dashboard::unzigzag(c[3] - 1), base)) + "], n " + std::to_string(n);
}

// "lo hi" of data-range="lo hi".
std::pair<double, double> range_in(const std::string& text) {
  const std::size_t space = text.find(' ');
  return {std::stod(text.substr(0, space)), std::stod(text.substr(space + 1))};
}

std::string attribute_of(const std::string& dom, const std::string& element_id, const std::string& name) {
  const std::size_t at = dom.find("id=\"" + element_id + "\"");
  if (at == std::string::npos) return "<no #" + element_id + ">";
  const std::size_t tag_end = dom.find('>', at);
  const std::size_t value = dom.find(name + "=\"", dom.rfind('<', at));
  if (value == std::string::npos || value > tag_end) return "<no " + name + ">";
  const std::size_t start = value + name.size() + 2;
  return dom.substr(start, dom.find('"', start) - start);
}

class HistoryReport : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir;
    ingest_series(db(), dir_->path(), 30, 20);
    ingest_second_testbed(db(), dir_->path(), 30);
    ingest_other_kinds(db(), dir_->path());
    const auto r = perfgate("history report --history " + shell_word(db()) + " --out " + shell_word(site().string()) +
                            " --commit-url " + shell_word(kCommitUrl) + " --compare-url " + shell_word(kCompareUrl));
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("6 page(s) (4 series, 2 change(s); "), std::string::npos) << r.output;
    const auto plain = perfgate("history report --history " + shell_word(db()) + " --out " + shell_word(plain_site().string()));
    ASSERT_EQ(plain.exit_code, 0) << plain.output;
  }
  static void TearDownTestSuite() { delete dir_; }
  static std::string db() { return (*dir_ / "h.sqlite").string(); }
  static fs::path site() { return *dir_ / "site"; }
  static fs::path plain_site() { return *dir_ / "plain-site"; }
  static TempDir* dir_;
};
TempDir* HistoryReport::dir_ = nullptr;

TEST_F(HistoryReport, WritesAnIndexTheChangesAndAChartPagePerSeries) {
  for (const fs::path& page : {site() / "index.html", site() / "changes.html", page_of(site(), "a"), page_of(site(), "b"),
                               page_of(site(), kOddName), page_of(site(), "a", kSecondTestbed)})
    EXPECT_TRUE(fs::is_regular_file(page)) << page;
  std::size_t pages = 0, data = 0;
  for (const auto& entry : fs::directory_iterator(site() / "series"))
    (entry.path().extension() == ".html" ? pages : data) += 1;
  EXPECT_EQ(pages, 4u);
  EXPECT_EQ(data, 4u) << "one chart data script beside each page";
  for (const char* asset : {"dygraph.min.js", "dygraph.min.css", "dygraph-LICENSE.txt", "dashboard.js", "dashboard.css"})
    EXPECT_TRUE(fs::is_regular_file(site() / "assets" / asset)) << asset;
  EXPECT_NE(read_text(site() / "assets" / "dygraph-LICENSE.txt").find("Permission is hereby granted"), std::string::npos);
  EXPECT_NE(read_text(site() / "assets" / "dygraph.min.js").find("dygraphs/blob/v2."), std::string::npos);
  for (const std::string testbed : {kTestbed, kSecondTestbed})
    EXPECT_TRUE(fs::is_regular_file(site() / dashboard::RunTable::file_name(testbed))) << testbed;
  const std::string index = read_text(site() / "index.html");
  EXPECT_EQ(testing::count_occurrences(index, "<svg class=\"sparkline\""), 4u);
  for (const std::string name : {"a", "b", kOddName.c_str()}) {
    const std::string link = "href=\"" + dashboard::series_page_name({"s", kTestbed, name}) + "\"";
    EXPECT_NE(index.find(link), std::string::npos) << link;
  }
  EXPECT_NE(index.find("<dd>60</dd>"), std::string::npos) << "the run count: 30 on each testbed";
  EXPECT_NE(index.find("2026-11-01T00:00:00Z to 2026-11-30T06:00:00Z"), std::string::npos) << "the date range";
  EXPECT_NE(index.find("id=\"filter\""), std::string::npos);
}

TEST_F(HistoryReport, TheIndexPutsChangedSeriesFirstWithTheSizeOfTheChange) {
  const std::string index = read_text(site() / "index.html");
  const std::size_t odd = index.find("data-name=\"gemm/bf16"), a = index.find("data-name=\"a\""),
                    b = index.find("data-name=\"b\"");
  ASSERT_NE(odd, std::string::npos);
  EXPECT_LT(odd, a) << "-30% before +25%";
  EXPECT_LT(a, b) << "a changed, b did not";
  EXPECT_TRUE(std::regex_search(index, std::regex("data-name=\"a\" data-changed=\"\\+2[4-6]\\.[0-9]%\"")));
  EXPECT_TRUE(std::regex_search(index, std::regex(">\\+2[4-6]\\.[0-9]% at commit20<"))) << "the size and where";
  EXPECT_NE(index.find("<rect class=\"mark regression\""), std::string::npos) << "a's step on its sparkline";
}

TEST_F(HistoryReport, TheChartDataHoldEveryRunAndTheChangeAtItsCommit) {
  const std::string a = read_text(site() / dashboard::series_data_name({"s", kTestbed, "a"}));
  const std::size_t from = a.find("points:\"") + 8;
  const auto codes = dashboard::decode_vlq(a.substr(from, a.find('"', from) - from));
  ASSERT_TRUE(codes.has_value()) << a;
  EXPECT_EQ(codes->size(), 5u * 30u) << "five codes a run, 30 runs";
  EXPECT_NE(a.find("{shape:\"step\",first:19,last:19,"), std::string::npos) << "run 20 is the 20th point: " << a;
  const std::string runs = read_text(site() / dashboard::RunTable::file_name(kTestbed));
  for (int i = 1; i <= 30; ++i) EXPECT_NE(runs.find("\"commit" + std::to_string(i) + "\""), std::string::npos) << i;
  const std::string page = read_text(page_of(site(), "a"));
  for (const std::string testbed : {kTestbed, kSecondTestbed}) {
    EXPECT_NE(page.find("src=\"../" + dashboard::RunTable::file_name(testbed) + "\""), std::string::npos) << testbed;
    EXPECT_NE(page.find("data-testbed=\"" + testbed + "\""), std::string::npos) << "a switch per testbed";
  }
}

TEST_F(HistoryReport, TheChangesListTheRegressionFirstWithTheirCommitsAsLinks) {
  const std::string changes = read_text(site() / "changes.html");
  const std::size_t regression = changes.find(dashboard::series_page_name({"s", kTestbed, "a"}));
  const std::size_t improvement = changes.find(dashboard::series_page_name({"s", kTestbed, kOddName}));
  ASSERT_NE(regression, std::string::npos);
  ASSERT_NE(improvement, std::string::npos);
  EXPECT_LT(regression, improvement) << "the regression (+25%) before the larger improvement (-30%)";
  EXPECT_TRUE(std::regex_search(changes, std::regex(">\\+2[4-6]\\.[0-9]%<"))) << "the change of a, about +25%";
  EXPECT_NE(changes.find("<a class=\"commit\" href=\"https://git.example.org/org/repo/commit/commit20\">commit20</a>"),
            std::string::npos);
  const std::string plain = read_text(plain_site() / "changes.html");
  EXPECT_NE(plain.find(">commit20</td>"), std::string::npos) << "no --commit-url: plain text";
  EXPECT_EQ(plain.find("https://"), std::string::npos);
}

// Every src and stylesheet href of a page: relative, inside the site, there.
void expect_loads_only_the_site(const fs::path& site, const fs::path& page, const std::string& html) {
  const std::regex loads("(?:src|<link rel=\"stylesheet\" href)=\"([^\"]*)\"");
  std::size_t count = 0;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), loads); it != std::sregex_iterator(); ++it, ++count) {
    const std::string target = (*it)[1];
    EXPECT_FALSE(std::regex_search(target, std::regex("^[a-z]+:|^/"))) << target << " in " << page;
    const fs::path file = fs::weakly_canonical(page.parent_path() / target);
    EXPECT_TRUE(fs::is_regular_file(file)) << target << " in " << page;
    EXPECT_EQ(file.string().rfind(fs::weakly_canonical(site).string(), 0), 0u) << target << " leaves the site";
  }
  if (page.filename() != "index.html" && page.filename() != "changes.html") {
    EXPECT_GE(count, 6u) << "dygraphs, its style, the chart's script and style, run tables, series data: " << page;
  }
}

TEST_F(HistoryReport, EveryPageLoadsOnlyTheSitesOwnFilesAndIsEscaped) {
  for (const fs::path& root : {site(), plain_site()})
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".html") continue;  // and .perfgate-owned
      const std::string page = read_text(entry.path());
      EXPECT_NE(page.find("content=\"default-src 'none'; style-src 'self' 'unsafe-inline'; script-src 'self' "
                          "'unsafe-inline'; img-src data:\""), std::string::npos) << entry.path();
      expect_loads_only_the_site(root, entry.path(), page);
      // The only absolute URLs are the commit links the template asked for
      // (and the template itself, handed to the chart's script).
      const std::string without_links = std::regex_replace(
          page,
          std::regex("(href=)?\"https://git\\.example\\.org/org/repo/(commit/([a-z0-9]+|\\{commit\\})|"
                     "compare/[a-z0-9]+\\.\\.\\.[a-z0-9]+)\""),
          "");
      EXPECT_FALSE(std::regex_search(without_links, std::regex("https?:|//[a-z]", std::regex::icase))) << entry.path();
      EXPECT_EQ(page.find("<b>"), std::string::npos) << "unescaped markup in " << entry.path();
    }
  EXPECT_NE(read_text(page_of(site(), kOddName)).find("&lt;b&gt;\xC3\xA9t\xC3\xA9&lt;/b&gt; &amp; co"), std::string::npos);
  const std::string odd_data = read_text(site() / dashboard::series_data_name({"s", kTestbed, kOddName}));
  EXPECT_NE(odd_data.find("\\u003cb\\u003e\xC3\xA9t\xC3\xA9\\u003c/b\\u003e \\u0026 co"), std::string::npos) << odd_data;
}

TEST_F(HistoryReport, TheChartZoomsReadsOutAndOpensTheCommitOfAChange) {
  const Probed probed =
      probe_chart(page_of(site(), "a"), "{readAt: 5, zoomFrom: 8, zoomTo: 24, markCommit: 'commit20'}", "probe-zoom");
  if (!probed.page.skip_reason.empty()) GTEST_SKIP() << probed.page.skip_reason;
  const nlohmann::json& seen = probed.seen;
  EXPECT_EQ(seen["lines"], nlohmann::json({std::string(kTestbed) + ":30", std::string(kSecondTestbed) + ":30",
                                           std::string(kTestbed) + ":3", std::string(kTestbed) + ":1"}))
      << "both testbeds of a on one chart, then the first's pull-request and A/B runs";
  EXPECT_EQ(seen["surface"], "CANVAS") << seen;
  // The cursor read-out: commit, ordinal, date, median, interval, n of each testbed's run 5.
  const std::string readout = seen["readout"];
  EXPECT_TRUE(std::regex_search(readout, std::regex("commit commit5 \\(ordinal 5\\), 2026-11-05T00:00:00Z: median "
                                                    "[0-9.]+ (ms|µs), 95% \\[[0-9.]+ (ms|µs), [0-9.]+ (ms|µs)\\], n 10")))
      << readout;
  EXPECT_NE(readout.find("2026-11-05T06:00:00Z"), std::string::npos) << "the second testbed's run 5: " << readout;
  EXPECT_NE(readout.find(run_text(read_text(site() / dashboard::series_data_name({"s", kTestbed, "a"})), 4)),
            std::string::npos) << "the browser decodes what C++ encoded: " << readout;
  // Zoom: the visible range was the whole history and is now about 8..24.
  const auto [lo, hi] = range_in(seen["range"]);
  EXPECT_DOUBLE_EQ(lo, 1.0);
  EXPECT_DOUBLE_EQ(hi, 30.0);
  const auto [zoom_lo, zoom_hi] = range_in(seen["zoomed"]);
  EXPECT_NEAR(zoom_lo, 8.0, 0.5) << seen;
  EXPECT_NEAR(zoom_hi, 24.0, 0.5) << seen;
  EXPECT_NE(seen["hash"].get<std::string>().find("x="), std::string::npos) << "the zoom kept in the URL: " << seen;
  // A click at the change point opens its commit.
  EXPECT_EQ(seen["hit"], "commit20") << seen;
  EXPECT_EQ(seen["opened"], "https://git.example.org/org/repo/commit/commit20") << seen;
  EXPECT_NE(probed.page.dom.find("data-requests=\"0\""), std::string::npos) << "nothing loaded from elsewhere: " << probed.page.log;
  EXPECT_EQ(probed.page.log.find("Content Security Policy"), std::string::npos) << probed.page.log;
}

TEST_F(HistoryReport, TheViewSurvivesAReloadFromItsUrl) {
  const std::string view = std::string("x=15,25&hide=") + kSecondTestbed;
  const testing::BrowserPage trend = testing::load_in_browser(page_of(site(), "a"), *dir_ / "trend.png", view);
  if (!trend.skip_reason.empty()) GTEST_SKIP() << trend.skip_reason;
  EXPECT_EQ(attribute_of(trend.dom, "chart", "data-range"), "15 25") << trend.log;
  EXPECT_EQ(attribute_of(trend.dom, "chart", "data-hidden"), kSecondTestbed) << trend.log;
  EXPECT_NE(trend.dom.find("data-requests=\"0\""), std::string::npos) << trend.log;
  EXPECT_NE(trend.dom.find("class=\"change-mark step regression\""), std::string::npos) << "the step at 20: " << trend.log;
  const testing::BrowserPage narrower = testing::load_in_browser(page_of(site(), "a"), {}, "x=3,12");
  EXPECT_EQ(attribute_of(narrower.dom, "chart", "data-range"), "3 12") << narrower.log;
  EXPECT_EQ(narrower.dom.find("class=\"change-mark"), std::string::npos) << "the step at 20 is outside 3..12";
  const testing::BrowserPage index = testing::load_in_browser(site() / "index.html", {}, "filter=A&changed=1");
  EXPECT_TRUE(std::regex_search(index.dom, std::regex("<tr data-name=\"b\" hidden=\"\"")) ) << "unchanged: hidden";
  EXPECT_TRUE(std::regex_search(index.dom, std::regex("<tr data-name=\"a\" data-changed=\"[^\"]*\">"))) << "shown";
  EXPECT_TRUE(std::regex_search(index.dom, std::regex("<tr data-name=\"gemm[^\\n]* hidden=\"\""))) << "no 'a' in its name";
  EXPECT_NE(index.dom.find("data-requests=\"0\""), std::string::npos) << index.log;
}

TEST_F(HistoryReport, WithoutACommitUrlTheMarksAreNoLinks) {
  const Probed probed =
      probe_chart(page_of(plain_site(), "a"), "{readAt: 5, zoomFrom: 3, zoomTo: 28, markCommit: 'commit20'}", "probe-plain");
  if (!probed.page.skip_reason.empty()) GTEST_SKIP() << probed.page.skip_reason;
  EXPECT_EQ(probed.seen["hit"], "SPAN") << probed.seen;
  EXPECT_FALSE(probed.seen.contains("opened") && probed.seen["opened"].is_string()) << probed.seen;
  EXPECT_EQ(probed.page.dom.find("href=\"https"), std::string::npos);
}

TEST_F(HistoryReport, OtherKindsCaughtRegressionsAndCommitRangesTravelWithTheSeries) {
  const std::string a = read_text(site() / dashboard::series_data_name({"s", kTestbed, "a"}));
  EXPECT_NE(a.find("others:[{kind:\"pr\",points:\""), std::string::npos) << a;
  EXPECT_NE(a.find("{kind:\"ab\",points:\""), std::string::npos) << a;
  EXPECT_NE(a.find("{commit:\"commit20\",kind:\"main\","), std::string::npos) << a;
  EXPECT_NE(a.find("{commit:\"pr1\",kind:\"pr\","), std::string::npos) << a;
  const std::string b = read_text(site() / dashboard::series_data_name({"s", kTestbed, "b"}));
  EXPECT_NE(b.find("caught:[]"), std::string::npos) << "b never regressed: " << b;
  const std::string second = read_text(site() / dashboard::series_data_name({"s", kSecondTestbed, "a"}));
  EXPECT_NE(second.find("others:[],\ncaught:[]"), std::string::npos) << "nothing else ran there: " << second;
  const std::string page = read_text(page_of(site(), "a"));
  EXPECT_NE(page.find("<h2>Regressions the gate caught</h2>"), std::string::npos);
  EXPECT_NE(page.find("href=\"https://git.example.org/org/repo/commit/pr1\">pr1</a></td><td>pull request</td>"),
            std::string::npos) << page;
  // The step at run 20 links its range: from run 19, the last before it.
  EXPECT_NE(read_text(site() / "changes.html")
                .find("<a class=\"compare\" href=\"https://git.example.org/org/repo/compare/commit19...commit20\""),
            std::string::npos);
  EXPECT_EQ(read_text(plain_site() / "changes.html").find("class=\"compare\""), std::string::npos) << "no --compare-url";
}

// What the chart holds and shows, in the browser: its lines, which are
// visible, where the pull-request runs stand, the caught regressions' marks.
constexpr const char* kKindsProbe = R"js(
(function () {
  var chart = perfgate.current, out = {labels: chart.graph.getLabels().slice(1), visible: chart.graph.visibility()};
  out.prX = [];
  chart.lines.forEach(function (line) {
    if (line.kind === 'pr') line.points.forEach(function (p) { out.prX.push(chart.x(p)); });
  });
  out.toggles = Array.prototype.map.call(document.querySelectorAll('input.kind-toggle'), function (box) {
    return box.getAttribute('data-kind') + ':' + box.checked + ':' + box.parentNode.textContent.trim();
  });
  out.caught = Array.prototype.map.call(document.querySelectorAll('.caught-mark'), function (mark) {
    return mark.getAttribute('data-commit') + ':' + mark.getAttribute('data-kind');
  });
  out.shown = document.getElementById('chart').getAttribute('data-shown');
  probe_answer(out);
})();
)js";

TEST_F(HistoryReport, PullRequestRunsStandBesideTheMainLineWhenAskedAndCaughtRegressionsAreMarked) {
  const Probed off = probe_page(page_of(site(), "a"), kKindsProbe, "probe-kinds-off");
  if (!off.page.skip_reason.empty()) GTEST_SKIP() << off.page.skip_reason;
  const std::string first(kTestbed), second(kSecondTestbed);
  EXPECT_EQ(off.seen["labels"], nlohmann::json({first, second, first + " (pull request)", first + " (A/B)"})) << off.seen;
  EXPECT_EQ(off.seen["visible"], nlohmann::json({true, true, false, false})) << "other kinds off by default";
  EXPECT_EQ(off.seen["toggles"], nlohmann::json({"ab:false:A/B runs (1)", "pr:false:pull request runs (3)"})) << off.seen;
  // Not on the main line: after run 21 (of either testbed) in time, before run 22.
  EXPECT_EQ(off.seen["prX"], nlohmann::json({21.5, 21.5, 21.5})) << off.seen;
  EXPECT_EQ(off.seen["caught"], nlohmann::json({"commit20:main"})) << "the pull request's line is off: " << off.seen;
  EXPECT_EQ(off.seen["shown"], "");

  const Probed on = probe_page(page_of(site(), "a"), kKindsProbe, "probe-kinds-on", "show=pr");
  EXPECT_EQ(on.seen["visible"], nlohmann::json({true, true, true, false})) << on.seen;
  EXPECT_EQ(on.seen["toggles"], nlohmann::json({"ab:false:A/B runs (1)", "pr:true:pull request runs (3)"})) << on.seen;
  EXPECT_EQ(on.seen["caught"], nlohmann::json({"commit20:main", "pr1:pr"})) << on.seen;
  EXPECT_EQ(on.seen["shown"], "pr");
  EXPECT_NE(on.page.dom.find("data-requests=\"0\""), std::string::npos) << on.page.log;
}

// At 600 px (a phone held sideways, a narrow split) no page scrolls sideways:
// wide tables scroll in their own box, long names wrap.
TEST_F(HistoryReport, NoPageScrollsSidewaysAt600Pixels) {
  const std::string probe = "probe_answer({page: document.documentElement.scrollWidth, "
                            "window: document.documentElement.clientWidth});";
  for (const fs::path& page : {site() / "index.html", site() / "changes.html", page_of(site(), "a"), page_of(site(), kOddName)}) {
    const Probed narrow = probe_page(page, probe, "probe-narrow", "", 600);
    if (!narrow.page.skip_reason.empty()) GTEST_SKIP() << narrow.page.skip_reason;
    ASSERT_TRUE(narrow.seen.contains("window")) << page;
    EXPECT_LE(narrow.seen["window"].get<int>(), 600) << "the window is 600 px: " << narrow.seen;
    EXPECT_LE(narrow.seen["page"].get<int>(), narrow.seen["window"].get<int>()) << page << ": " << narrow.seen;
  }
}

// A history without ordinals is charted by date: the axis says the day,
// or the hour on a range of a few days, and no label is clipped or
// overlaps the next.
TEST(HistoryReportDates, TheDateAxisLabelsAreReadable) {
  TempDir dir;
  const std::string db = (dir / "h.sqlite").string();
  for (int i = 0; i < 24; ++i) {
    for (const auto& [benchmark, date] : {std::pair<std::string, std::string>{"hourly", "2026-11-03T" + std::string(i < 10 ? "0" : "") +
                                                                                             std::to_string(i) + ":17:00Z"},
                                          {"daily", "2026-10-" + std::string(i + 1 < 10 ? "0" : "") + std::to_string(i + 1) +
                                                        "T09:17:00Z"}}) {
      Results r = testing::results(benchmark, {testing::benchmark(benchmark, testing::lognormal_samples(1e-3, 0.01, 10, i))});
      r.source.git_commit = benchmark + std::to_string(i);
      r.created_utc = date;
      const fs::path file = dir / (benchmark + std::to_string(i) + ".json");
      save_results(r, file);
      const auto ingested = perfgate("history ingest --history " + shell_word(db) + " " + shell_word(file.string()));
      ASSERT_EQ(ingested.exit_code, 0) << ingested.output;
    }
  }
  const auto r = perfgate("history report --history " + shell_word(db) + " --out " + shell_word((dir / "site").string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string probe = R"js(
    var labels = Array.prototype.slice.call(document.querySelectorAll('.dygraph-axis-label-x'));
    probe_answer(labels.map(function (e) {
      var box = e.getBoundingClientRect();
      return {text: e.textContent, fits: e.scrollWidth <= e.clientWidth + 1, left: box.left, right: box.right};
    }));)js";
  for (const auto& [benchmark, pattern] : {std::pair<std::string, std::string>{"hourly", "^11-03 [0-2][0-9]:[0-5][0-9]$"},
                                           {"daily", "^2026-1[01]-[0-3][0-9]$"}}) {
    const Probed axis = probe_page(dir / "site" / dashboard::series_page_name({benchmark, kTestbed, benchmark}), probe,
                                   "probe-axis");
    if (!axis.page.skip_reason.empty()) GTEST_SKIP() << axis.page.skip_reason;
    ASSERT_GE(axis.seen.size(), 3u) << benchmark << ": " << axis.seen;
    double previous_right = -1e9;
    for (const nlohmann::json& label : axis.seen) {
      EXPECT_TRUE(std::regex_search(label["text"].get<std::string>(), std::regex(pattern))) << benchmark << ": " << label;
      EXPECT_TRUE(label["fits"].get<bool>()) << "clipped: " << label;
      EXPECT_GE(label["left"].get<double>() + 0.5, previous_right) << "overlaps the label before it: " << axis.seen;
      previous_right = label["right"].get<double>();
    }
  }
}

// One line, exit 2.
void expect_refused(const std::string& args, const std::string& says) {
  const auto r = perfgate(args);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(testing::count_occurrences(r.output, "\n"), 1u) << r.output;
  EXPECT_NE(r.output.find(says), std::string::npos) << r.output;
}

TEST_F(HistoryReport, BadInputIsOneLineExitTwo) {
  const fs::path missing = *dir_ / "missing.sqlite";
  expect_refused("history report --history " + shell_word(missing.string()) + " --out " + shell_word((*dir_ / "x").string()),
                 "no history there");
  EXPECT_FALSE(fs::exists(missing));
  testing::write_text(*dir_ / "a-file", "not a folder");
  expect_refused("history report --history " + shell_word(db()) + " --out " + shell_word((*dir_ / "a-file").string()),
                 "not a folder");
  expect_refused("history report --benchmark '(' --history " + shell_word(db()) + " --out " + shell_word((*dir_ / "y").string()),
                 "--benchmark");
  for (const char* bad : {"https://host/commit/", "ftp://host/{commit}", "https://host/a b/{commit}"})
    expect_refused("history report --history " + shell_word(db()) + " --out " + shell_word((*dir_ / "z").string()) +
                       " --commit-url " + shell_word(std::string(bad)),
                   "--commit-url");
  for (const char* bad : {"https://host/compare/{from}", "https://host/compare/{to}..{commit}"})
    expect_refused("history report --history " + shell_word(db()) + " --out " + shell_word((*dir_ / "z").string()) +
                       " --compare-url " + shell_word(std::string(bad)),
                   "--compare-url");
  EXPECT_FALSE(fs::exists(*dir_ / "z")) << "refused before anything was written";
}

// The same site from PostgreSQL: the queries are one set for both engines.
class HistoryReportOnEngine : public ::testing::TestWithParam<std::string> {};

TEST_P(HistoryReportOnEngine, MarksTheStepAtItsCommit) {
  TempDir dir;
  const testing::TestDatabase database = testing::test_database(GetParam(), dir.path(), "h.sqlite");
  if (database.url.empty()) GTEST_SKIP() << database.skip_reason;
  if (GetParam() == "postgresql")
    sql::open_database(database.url)
        ->execute_script(perfgate::testing::kDropHistoryTables);
  ingest_series(database.url, dir.path(), 24, 13);
  const auto r = perfgate("history report --history " + shell_word(database.url) + " --out " + shell_word((dir / "site").string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string a = read_text(dir / "site" / dashboard::series_data_name({"s", kTestbed, "a"}));
  EXPECT_EQ(testing::count_occurrences(a, "{shape:"), 1u) << a;
  EXPECT_NE(a.find("{shape:\"step\",first:12,last:12,"), std::string::npos) << "run 13: " << a;
  EXPECT_NE(read_text(dir / "site" / "changes.html").find(">commit13<"), std::string::npos);
  EXPECT_NE(read_text(dir / "site" / "index.html").find("<dd>24</dd>"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Engines, HistoryReportOnEngine, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace perfgate
