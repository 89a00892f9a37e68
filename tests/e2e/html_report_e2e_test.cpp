// The HTML report as a person gets it: written by `perfgate compare --html`
// and `perfgate report`, opened in a real browser (headless chromium,
// offline), counted in the DOM the browser built.

#include <filesystem>
#include <vector>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "headless_browser.hpp"
#include "perfgate/formats/results_io.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::benchmark;
using testing::count_occurrences;
using testing::lognormal_samples;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;
using testing::write_text;

const std::string kFixtures = PERFGATE_TEST_FIXTURES;

testing::CommandResult perfgate_cli(const std::string& args) { return run_shell(shell_word(PERFGATE_CLI) + " " + args); }

// The benchmarks the comparison has an estimate for: one forest row each.
std::size_t compared(const fs::path& comparison_json) {
  std::size_t n = 0;
  const json doc = json::parse(read_text(comparison_json));
  for (const json& b : doc["benchmarks"])
    if (!b["evidence"].is_null() && b["evidence"]["ratio"].is_number() && b["evidence"]["ratio"].get<double>() > 0) ++n;
  return n;
}

// Nothing in the file could fetch anything: no link, no external source,
// no URL at all.
void expect_self_contained(const std::string& html) {
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find(" src="), std::string::npos);
  EXPECT_EQ(html.find("url("), std::string::npos);
  EXPECT_NE(html.find("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"), std::string::npos);
}

// The page in the browser: its scripts ran (data-requests is set by them)
// and it loaded nothing.
void expect_loaded_offline(const testing::BrowserPage& page) {
  ASSERT_FALSE(page.dom.empty()) << page.log;
  EXPECT_NE(page.dom.find("data-requests=\"0\""), std::string::npos) << page.log;
}

Results suite_run(const std::string& suite, double slow_factor, std::uint64_t seed) {
  return testing::results(suite, {benchmark(suite + "/fp32/1024", lognormal_samples(2e-3, 0.01, 10, seed)),
                                  benchmark(suite + "/bf16/1024", lognormal_samples(1e-3 * slow_factor, 0.01, 10, seed + 1)),
                                  benchmark(suite + "/copy/64MiB", lognormal_samples(5e-4, 0.01, 10, seed + 2))});
}

// A copy of a results file with one case `factor` times slower.
void write_slowed(const fs::path& from, const fs::path& to, const std::string& name, double factor) {
  Results r = load_results(from);
  for (BenchmarkResult& b : r.benchmarks)
    if (b.name == name)
      for (double& s : b.samples) s *= factor;
  write_text(to, results_to_json(r));
}

class HtmlReportE2e : public ::testing::Test {
 protected:
  fs::path path(const std::string& name) const { return dir_ / name; }
  std::string word(const std::string& name) const { return shell_word(path(name).string()); }
  TempDir dir_;
};

// Each forest-plot row of a page: whom it shows and whether the filters hid it.
struct ForestRow {
  std::string benchmark, suite, verdict;
  bool hidden = false;
};

std::string attribute(const std::string& tag, const std::string& name) {
  const std::string key = " " + name + "=\"";
  const auto at = tag.find(key);
  if (at == std::string::npos) return {};
  const auto from = at + key.size();
  return tag.substr(from, tag.find('"', from) - from);
}

std::vector<ForestRow> forest_rows(const std::string& dom) {
  std::vector<ForestRow> rows;
  for (auto at = dom.find("<g class=\"forest-row\""); at != std::string::npos; at = dom.find("<g class=\"forest-row\"", at + 1)) {
    const std::string tag = dom.substr(at, dom.find('>', at) - at);
    rows.push_back({attribute(tag, "data-benchmark"), attribute(tag, "data-suite"), attribute(tag, "data-verdict"),
                    tag.find(" data-hidden") != std::string::npos});
  }
  return rows;
}

TEST_F(HtmlReportE2e, CompareWritesASelfContainedPageThatABrowserOpensOffline) {
  const std::string base = kFixtures + "/gbench/test1_run1.json";
  const std::string cur = kFixtures + "/gbench/test1_run2.json";
  const auto run = perfgate_cli("compare " + shell_word(base) + " " + shell_word(cur) + " --html " + word("r.html") + " --json " +
                                word("r.json"));
  ASSERT_LE(run.exit_code, 1) << run.output;
  const std::string html = read_text(path("r.html"));
  expect_self_contained(html);
  const testing::BrowserPage page = testing::load_in_browser(path("r.html"), path("r.png"));
  if (!page.skip_reason.empty()) GTEST_SKIP() << page.skip_reason;
  expect_loaded_offline(page);
  EXPECT_EQ(count_occurrences(page.dom, "class=\"forest-row\""), compared(path("r.json"))) << page.log;
  EXPECT_GT(compared(path("r.json")), 0u);
  // The verdict is the first thing in the body.
  const auto verdict = page.dom.find("id=\"verdict\"");
  ASSERT_NE(verdict, std::string::npos);
  EXPECT_LT(verdict, page.dom.find("<svg"));
  // It says what the comparison file says (one sample a side: NOT GATED).
  const json doc = json::parse(read_text(path("r.json")));
  const std::string status = doc["status"].get<std::string>();
  EXPECT_EQ(page.dom.find("data-status=\"" + status + "\">" + (status == "NOT_GATED" ? "NOT GATED" : status) + " (exit " +
                              std::to_string(run.exit_code) + ")",
                          verdict),
            page.dom.find("data-status=", verdict))
      << status;
  ASSERT_TRUE(fs::exists(path("r.png"))) << page.log;
  EXPECT_GT(fs::file_size(path("r.png")), 10000u);
}

TEST_F(HtmlReportE2e, APlantedSlowdownIsTheFirstRegressionShown) {
  write_text(path("base.json"), results_to_json(suite_run("kernels", 1.0, 1)));
  write_text(path("cur.json"), results_to_json(suite_run("kernels", 1.5, 100)));
  const auto run = perfgate_cli("compare " + word("base.json") + " " + word("cur.json") + " --html " + word("r.html"));
  ASSERT_EQ(run.exit_code, 1) << run.output;
  const std::string html = read_text(path("r.html"));
  expect_self_contained(html);
  const testing::BrowserPage page = testing::load_in_browser(path("r.html"));
  if (!page.skip_reason.empty()) GTEST_SKIP() << page.skip_reason;
  expect_loaded_offline(page);
  EXPECT_NE(page.dom.find("Regressions (1)"), std::string::npos);
  const auto first_row = page.dom.find("class=\"forest-row\"");
  ASSERT_NE(first_row, std::string::npos);
  EXPECT_EQ(page.dom.find("data-benchmark=\"kernels/bf16/1024\"", first_row), page.dom.find("data-benchmark=", first_row));
  EXPECT_EQ(page.dom.find("data-verdict=\"REGRESSION\"", first_row), page.dom.find("data-verdict=", first_row));
  EXPECT_EQ(count_occurrences(page.dom, "class=\"forest-row\""), 3u);
  EXPECT_EQ(count_occurrences(page.dom, "<figure class=\"dist\""), 3u);
}

TEST_F(HtmlReportE2e, ReportMakesOnePageOfSeveralSuites) {
  for (const auto& [suite, factor] : {std::pair<std::string, double>{"kernels", 1.5}, {"copies", 1.0}}) {
    write_text(path("base-" + suite + ".json"), results_to_json(suite_run(suite, 1.0, 1)));
    write_text(path("out/" + suite + ".results.json"), results_to_json(suite_run(suite, factor, 100)));
    const auto run = perfgate_cli("compare " + word("base-" + suite + ".json") + " " + word("out/" + suite + ".results.json") +
                                  " --json " + word("out/" + suite + ".comparison.json"));
    ASSERT_LE(run.exit_code, 1) << run.output;
  }
  const auto report = perfgate_cli("report " + word("out/kernels.comparison.json") + " " + word("out/copies.comparison.json") +
                                   " --html " + word("index.html"));
  ASSERT_EQ(report.exit_code, 1) << report.output;  // the run's gate code: kernels regressed
  EXPECT_NE(report.output.find("HTML report: " + path("index.html").string()), std::string::npos) << report.output;
  const std::string html = read_text(path("index.html"));
  expect_self_contained(html);
  EXPECT_EQ(count_occurrences(html, "<section class=\"suite\""), 2u);
  EXPECT_NE(html.find("id=\"verdict\" data-exit-code=\"1\" data-status=\"FAIL\">FAIL (exit 1): 2 suites (1 FAIL, 1 PASS), "
                      "6 of 6 cases gated: "),
            std::string::npos);
  // The results beside each comparison and the baseline it names were read: every case has its samples.
  EXPECT_EQ(count_occurrences(html, "<figure class=\"dist\""), 6u);
  const testing::BrowserPage page = testing::load_in_browser(path("index.html"));
  if (!page.skip_reason.empty()) GTEST_SKIP() << page.skip_reason;
  expect_loaded_offline(page);
  EXPECT_EQ(count_occurrences(page.dom, "class=\"forest-row\""), 6u);
  EXPECT_EQ(count_occurrences(page.dom, "data-suite=\"kernels\" data-verdict=\"REGRESSION\""),
            count_occurrences(html, "data-suite=\"kernels\" data-verdict=\"REGRESSION\""));
  EXPECT_NE(page.dom.find("<option value=\"copies\">"), std::string::npos);
  // The filters, set from a link's fragment as a reader would share them.
  const std::vector<ForestRow> all = forest_rows(page.dom);
  const testing::BrowserPage filtered = testing::load_in_browser(path("index.html"), {}, "regressions&suite=kernels");
  expect_loaded_offline(filtered);
  std::size_t kernels_regressions = 0;
  for (const ForestRow& row : all) kernels_regressions += row.suite == "kernels" && row.verdict == "REGRESSION";
  ASSERT_GT(kernels_regressions, 0u);
  std::size_t visible = 0;
  for (const ForestRow& row : forest_rows(filtered.dom)) {
    if (row.hidden) continue;
    ++visible;
    EXPECT_EQ(row.suite, "kernels") << row.benchmark;
    EXPECT_EQ(row.verdict, "REGRESSION") << row.benchmark;
  }
  EXPECT_EQ(visible, kernels_regressions);
  const testing::BrowserPage by_name = testing::load_in_browser(path("index.html"), {}, "name=copies%2F");
  expect_loaded_offline(by_name);
  for (const ForestRow& row : forest_rows(by_name.dom))
    EXPECT_EQ(row.hidden, row.benchmark.rfind("copies/", 0) != 0) << row.benchmark;
}

TEST_F(HtmlReportE2e, ReportRefusesWhatIsNotAComparison) {
  const auto bad = perfgate_cli("report " + shell_word(kFixtures + "/h100/fno.results.json") + " --html " + word("x.html"));
  EXPECT_EQ(bad.exit_code, 2) << bad.output;
  EXPECT_NE(bad.output.find("fno.results.json: is not a comparison"), std::string::npos) << bad.output;
  EXPECT_FALSE(fs::exists(path("x.html")));
  const auto nothing = perfgate_cli("report " + shell_word(kFixtures + "/h100/fno.results.json"));
  EXPECT_EQ(nothing.exit_code, 2) << nothing.output;
}

// Issue 41: `report` gives the code the verdicts give; a file whose
// exit_code was changed to pass a REGRESSION ("0", or 7, which no perfgate
// gives) is refused, one line naming it, exit 2, nothing written.
TEST_F(HtmlReportE2e, ReportRefusesAnExitCodeItsVerdictsDoNotGive) {
  write_text(path("base.json"), results_to_json(suite_run("kernels", 1.0, 1)));
  write_text(path("out/kernels.results.json"), results_to_json(suite_run("kernels", 1.5, 100)));
  const auto run = perfgate_cli("compare " + word("base.json") + " " + word("out/kernels.results.json") + " --json " +
                                word("out/kernels.comparison.json"));
  ASSERT_EQ(run.exit_code, 1) << run.output;
  json comparison = json::parse(read_text(path("out/kernels.comparison.json")));
  ASSERT_EQ(comparison["exit_code"], 1);
  for (const int forged : {0, 7}) {
    comparison["exit_code"] = forged;
    write_text(path("out/kernels.comparison.json"), comparison.dump());
    const auto report = perfgate_cli("report " + word("out/kernels.comparison.json") + " --html " + word("forged.html"));
    EXPECT_EQ(report.exit_code, 2) << report.output;
    EXPECT_NE(report.output.find("kernels.comparison.json: exit_code " + std::to_string(forged)), std::string::npos)
        << report.output;
    EXPECT_EQ(report.output.find("PASS"), std::string::npos) << report.output;
    EXPECT_FALSE(fs::exists(path("forged.html")));
  }
}

// The GPU suites' real counters: a roofline with a point per case that
// recorded its work, and fno's batch-size curve.
TEST_F(HtmlReportE2e, H100ReportHasARooflineAndTheBatchCurve) {
  write_slowed(kFixtures + "/h100/fno.results.json", path("out/fno.results.json"), "fno/forward/gemm/fno64", 1.3);
  const auto run = perfgate_cli("compare " + shell_word(kFixtures + "/h100/fno.results.json") + " " + word("out/fno.results.json") +
                                " --json " + word("out/fno.comparison.json"));
  ASSERT_LE(run.exit_code, 1) << run.output;  // 5 samples a side: the slowdown may stay INCONCLUSIVE
  const auto report = perfgate_cli("report " + word("out/fno.comparison.json") + " --html " + word("h100.html"));
  ASSERT_EQ(report.exit_code, run.exit_code) << report.output;
  std::size_t with_work = 0;
  for (const BenchmarkResult& b : load_results(path("out/fno.results.json")).benchmarks)
    with_work += b.counters.count("arithmetic_intensity") && b.counters.count("TFLOP/s");
  ASSERT_GT(with_work, 10u);
  const testing::BrowserPage page = testing::load_in_browser(path("h100.html"), path("h100.png"));
  if (!page.skip_reason.empty()) GTEST_SKIP() << page.skip_reason;
  expect_loaded_offline(page);
  EXPECT_EQ(count_occurrences(page.dom, "<svg class=\"roofline\""), 1u);
  EXPECT_EQ(count_occurrences(page.dom, "class=\"roofline-point"), with_work);
  EXPECT_NE(page.dom.find("fp32 "), std::string::npos);  // the fp32 roof, from compute_pct
  EXPECT_EQ(count_occurrences(page.dom, "class=\"batch-point\""), 12u);  // 1 .. 2048
  EXPECT_EQ(count_occurrences(page.dom, "class=\"batch-failed\""), 2u);  // 4096 and 8192 ran out of memory
  EXPECT_NE(page.dom.find("knee B = 64"), std::string::npos);
  EXPECT_TRUE(fs::exists(path("h100.png")));
}

// ---- A whole run's page as a reader uses it: the failing suite first, the
// skipped ones folded, the filters in the URL.

BenchmarkResult with_work(BenchmarkResult b, double flop, double bytes, double tflops, double compute_pct) {
  b.counters["flop"] = flop;
  b.counters["bytes_read"] = bytes;
  b.counters["arithmetic_intensity"] = flop / bytes;
  b.counters["TFLOP/s"] = tflops;
  b.counters["compute_pct"] = compute_pct;
  b.counters["precision"] = std::string("bf16");
  return b;
}

// The failing suite: a traced case that slows down (kernel rows), a case
// with counters (a roofline) and a derived figure.
Results failing_suite(double slow_factor, std::uint64_t seed) {
  Results r = testing::results(
      "gamma",
      {testing::traced_benchmark("gamma/bf16/1024", 1e-3 * slow_factor, seed,
                                 {testing::traced_kernel("gemm_bf16", 30, 9e5 * slow_factor, seed + 1)}),
       with_work(benchmark("gamma/fp32/1024", lognormal_samples(2e-3, 0.01, 10, seed + 2)), 2e12, 1e9, 500, 50),
       benchmark("gamma/copy/64MiB", lognormal_samples(5e-4, 0.01, 10, seed + 3))},
      testing::test_gpu());
  r.figures = {{"gamma/bf16_over_fp32", slow_factor / 2, "x", "median(gamma/bf16/1024) / median(gamma/fp32/1024)",
                {"gamma/bf16/1024", "gamma/fp32/1024"}, std::nullopt}};
  return r;
}

// `cases` cases, measured or (with a reason) skipped.
Results cases_of(const std::string& suite, int cases, const std::string& skipped_why = "") {
  std::vector<BenchmarkResult> all;
  for (int i = 0; i < cases; ++i) {
    const std::string name = suite + "/case" + std::to_string(i);
    all.push_back(skipped_why.empty() ? benchmark(name, lognormal_samples(1e-3, 0.01, 10, i + 1))
                                      : testing::skipped_benchmark(name, skipped_why));
  }
  return testing::results(suite, all);
}

// What a view of the page is, measured in the browser after the page's
// script ran: which suites and parts are rendered (they have a layout box),
// the filters' controls and the URL's fragment.  Then each action (a filter
// changed as a reader would, with its event) and the view after it.
constexpr const char* kProbe = R"js(
(function () {
  function rendered(e) { return e.getClientRects().length > 0; }
  function all(selector) { return Array.prototype.slice.call(document.querySelectorAll(selector)); }
  function byId(id) { return document.getElementById(id); }
  var parts = ['section.suite', '.skipped-line', 'tr.regression-row', 'g.forest-row', 'tr.bench-row', 'figure.dist',
               'table.figures', 'table.kernels', 'tr.kernel-row', 'svg.roofline', 'details.suggestions', '#nothing-shown',
               'p.row-limit', 'table.regressions .why'];
  function view() {
    var v = {hash: location.hash, requests: document.body.getAttribute('data-requests'),
             only: byId('only-regressions').checked, suite: byId('suite-filter').value, name: byId('name-filter').value,
             suites: all('section.suite').filter(rendered).map(function (s) { return s.getAttribute('data-suite'); }),
             others: all('[data-benchmark]').filter(function (e) {
               return rendered(e) && e.getAttribute('data-verdict') !== 'REGRESSION';
             }).map(function (e) { return e.getAttribute('data-benchmark'); }),
             run_lines: all('main p.note').filter(function (e) {
               return rendered(e) && /^(baseline|current): /.test(e.textContent);
             }).length,
             headings: all('main h3').filter(rendered).map(function (e) { return e.textContent; }),
             shown: {}};
    parts.forEach(function (p) { v.shown[p] = all(p).filter(rendered).length; });
    v.row_limits = all('p.row-limit').filter(rendered).map(function (e) { return e.firstChild.textContent; });
    return v;
  }
  var views = [view()];
  (window.probeActions || []).forEach(function (a) {
    if (a.click) {  // {click: selector, index: k}: the k-th element it selects, clicked
      document.querySelectorAll(a.click)[a.index || 0].click();
      views.push(view());
      return;
    }
    var e = byId(a.id);
    if (e.type === 'checkbox') e.checked = a.value; else e.value = a.value;
    e.dispatchEvent(new Event(a.event, {bubbles: true}));
    views.push(view());
  });
  var out = document.createElement('pre');
  out.id = 'probe';
  out.textContent = JSON.stringify(views);
  document.body.appendChild(out);
})();
)js";

std::string unescape_text(std::string text) {
  for (const auto& [entity, character] : {std::pair<std::string, std::string>{"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}})
    for (auto at = text.find(entity); at != std::string::npos; at = text.find(entity, at + 1)) text.replace(at, entity.size(), character);
  return text;
}

struct Probed {
  testing::BrowserPage page;
  json views;  // the view on load, then one after each action
};

// `html` written to DIR/NAME with the probe after it, opened at
// `fragment`, the probe run on it after `actions` (a JSON array of {id,
// value, event} or {click, index}).
Probed probe_page(const fs::path& dir, const std::string& html, const std::string& name, const std::string& fragment,
                  const std::string& actions) {
  std::string page = html;
  page.insert(page.rfind("</body>"), "<script>window.probeActions = " + actions + ";" + kProbe + "</script>");
  write_text(dir / name, page);
  Probed probed{testing::load_in_browser(dir / name, {}, fragment), json()};
  if (!probed.page.skip_reason.empty()) return probed;
  const auto from = probed.page.dom.find("<pre id=\"probe\">");
  if (from == std::string::npos) {
    ADD_FAILURE() << "the probe did not run (" << fragment << "): " << probed.page.log;
    return probed;
  }
  const auto text = from + std::string("<pre id=\"probe\">").size();
  probed.views = json::parse(unescape_text(probed.page.dom.substr(text, probed.page.dom.find("</pre>", text) - text)));
  return probed;
}

class WholeRunPage : public HtmlReportE2e {
 protected:
  // alpha PASS, skipped_one SKIPPED, gamma FAIL, delta NOT GATED,
  // skipped_two SKIPPED, epsilon PASS: each compared by `perfgate compare`,
  // all of them on one page by `perfgate report`, in that order.
  void SetUp() override {
    const auto suite = [&](const std::string& name, const Results& base, const Results& cur, int exit_code) {
      write_text(path("base-" + name + ".json"), results_to_json(base));
      write_text(path("out/" + name + ".results.json"), results_to_json(cur));
      const auto run = perfgate_cli("compare " + word("base-" + name + ".json") + " " + word("out/" + name + ".results.json") +
                                    " --json " + word("out/" + name + ".comparison.json"));
      ASSERT_EQ(run.exit_code, exit_code) << name << ": " << run.output;
      comparisons_ += " " + word("out/" + name + ".comparison.json");
    };
    suite("alpha", suite_run("alpha", 1.0, 1), suite_run("alpha", 1.0, 100), 0);
    suite("skipped_one", cases_of("skipped_one", 3), cases_of("skipped_one", 3, "no CUDA device"), 77);
    suite("gamma", failing_suite(1.0, 1), failing_suite(1.5, 100), 1);
    suite("delta", testing::results("delta", {benchmark("delta/old", lognormal_samples(1e-3, 0.01, 10, 1))}),
          testing::results("delta", {benchmark("delta/new", lognormal_samples(1e-3, 0.01, 10, 2))}), 0);
    suite("skipped_two", cases_of("skipped_two", 2), cases_of("skipped_two", 2, "needs 8 GPUs"), 77);
    suite("epsilon", suite_run("epsilon", 1.0, 2), suite_run("epsilon", 1.0, 200), 0);
    const auto report = perfgate_cli("report" + comparisons_ + " --html " + word("index.html"));
    ASSERT_EQ(report.exit_code, 1) << report.output;  // the run's gate code: gamma regressed
    html_ = read_text(path("index.html"));
    expect_self_contained(html_);
  }

  // The page opened at `fragment`, the probe run on it after `actions`.
  Probed probe(const std::string& fragment, const std::string& actions = "[]") {
    return probe_page(dir_.path(), html_, "probe" + std::to_string(++probes_) + ".html", fragment, actions);
  }

  std::string html_, comparisons_;
  int probes_ = 0;
};

std::vector<std::string> strings(const json& array) { return array.get<std::vector<std::string>>(); }

const std::vector<std::string> kStatusOrder = {"gamma", "delta", "alpha", "epsilon", "skipped_one", "skipped_two"};

TEST_F(WholeRunPage, TheFailingSuiteComesFirstAndASkippedSuiteIsOneLine) {
  // The suites in the page's order, and the suite filter's options in the same.
  std::vector<std::string> sections, options;
  for (auto at = html_.find("<section class=\"suite"); at != std::string::npos; at = html_.find("<section class=\"suite", at + 1))
    sections.push_back(attribute(html_.substr(at, html_.find('>', at) - at), "data-suite"));
  EXPECT_EQ(sections, kStatusOrder);
  for (auto at = html_.find("<option value=\""); at != std::string::npos; at = html_.find("<option value=\"", at + 1))
    if (const std::string value = attribute(html_.substr(at, html_.find('>', at) - at), "value"); !value.empty())
      options.push_back(value);
  EXPECT_EQ(options, kStatusOrder);
  const Probed probed = probe("");
  if (!probed.page.skip_reason.empty()) GTEST_SKIP() << probed.page.skip_reason;
  expect_loaded_offline(probed.page);
  const std::string& dom = probed.page.dom;
  // The first suite heading the browser built is the failing suite's, and
  // its regression comes before any other suite.
  const auto first_heading = dom.find("<h2>");
  ASSERT_NE(first_heading, std::string::npos);
  EXPECT_EQ(dom.substr(first_heading, 20), "<h2>Suite gamma</h2>");
  EXPECT_LT(dom.find("<tr class=\"regression-row\" data-benchmark=\"gamma/bf16/1024\""), dom.find("data-suite=\"delta\""));
  // Each skipped suite: one line with its count and reason, nothing else.
  for (const auto& [suite, line] : {std::pair<std::string, std::string>{"skipped_one", "3 SKIPPED: no CUDA device"},
                                    {"skipped_two", "2 SKIPPED: needs 8 GPUs"}}) {
    const auto at = dom.find("data-suite=\"" + suite + "\"");
    ASSERT_NE(at, std::string::npos) << suite;
    const auto from = dom.rfind("<section", at);
    const std::string section = dom.substr(from, dom.find("</section>", at) - from);
    EXPECT_NE(section.find("<p class=\"skipped-line\"><b>Suite " + suite + "</b> SKIPPED (exit 77): " + line + "</p>"),
              std::string::npos)
        << section;
    for (const char* tag : {"<table", "<svg", "<h3", "<figure", "<details", "data-benchmark"})
      EXPECT_EQ(section.find(tag), std::string::npos) << suite << " has " << tag;
  }
  // Nothing filtered: every suite and every part is on screen.
  ASSERT_EQ(probed.views.size(), 1u);
  const json& all = probed.views[0];
  EXPECT_EQ(strings(all["suites"]), kStatusOrder);
  EXPECT_EQ(all["shown"][".skipped-line"], 2);
  EXPECT_EQ(all["shown"]["table.figures"], 1);
  EXPECT_EQ(all["shown"]["table.kernels"], 1);
  EXPECT_EQ(all["shown"]["svg.roofline"], 1);
  EXPECT_GT(all["shown"]["details.suggestions"], 0);  // the explain stage's advice
  EXPECT_EQ(all["shown"]["#nothing-shown"], 0);
  EXPECT_EQ(all["run_lines"], 8);  // baseline and current of the four suites that ran
  EXPECT_EQ(all["hash"], "");
}

TEST_F(WholeRunPage, RegressionsInTheUrlHideEverythingButTheRegression) {
  const Probed probed = probe("regressions");
  if (!probed.page.skip_reason.empty()) GTEST_SKIP() << probed.page.skip_reason;
  expect_loaded_offline(probed.page);
  ASSERT_EQ(probed.views.size(), 1u);
  const json& v = probed.views[0];
  EXPECT_TRUE(v["only"].get<bool>());
  // Only the failing suite: no passing, not-gated or skipped suite, not even as a line.
  EXPECT_EQ(strings(v["suites"]), std::vector<std::string>{"gamma"});
  EXPECT_EQ(v["shown"][".skipped-line"], 0);
  // In it, the regression with its rows...
  EXPECT_EQ(v["shown"]["tr.regression-row"], 1);
  EXPECT_EQ(v["shown"]["g.forest-row"], 1);
  EXPECT_EQ(v["shown"]["tr.bench-row"], 1);
  EXPECT_EQ(v["shown"]["figure.dist"], 1);
  // ...and nothing about the other cases or the suite at large.
  EXPECT_EQ(strings(v["others"]), std::vector<std::string>{});
  EXPECT_EQ(v["shown"]["table.figures"], 0);
  EXPECT_EQ(v["shown"]["table.kernels"], 0);
  EXPECT_EQ(v["shown"]["tr.kernel-row"], 0);
  EXPECT_EQ(v["shown"]["svg.roofline"], 0);
  EXPECT_EQ(v["shown"]["details.suggestions"], 0);
  EXPECT_EQ(v["run_lines"], 0);
  for (const std::string& heading : strings(v["headings"]))
    EXPECT_TRUE(heading.starts_with("Regressions (1)") || heading.starts_with("Changes (") ||
                heading.starts_with("Sample distributions") || heading.starts_with("Every benchmark ("))
        << heading << " is still shown";
  EXPECT_EQ(v["shown"]["#nothing-shown"], 0);
  // The same hidden parts are in the DOM, only not displayed.
  EXPECT_NE(probed.page.dom.find("<table class=\"figures\""), std::string::npos);
  EXPECT_NE(probed.page.dom.find("class=\"skipped-line\""), std::string::npos);
}

TEST_F(WholeRunPage, ChangingAFilterWritesItIntoTheUrlAndTheLinkShowsTheSameView) {
  const Probed probed = probe("", R"([{"id": "only-regressions", "value": true, "event": "change"},
                                      {"id": "suite-filter", "value": "gamma", "event": "change"},
                                      {"id": "name-filter", "value": "bf16/1024 x&y", "event": "input"},
                                      {"id": "name-filter", "value": "BF16", "event": "input"},
                                      {"id": "only-regressions", "value": false, "event": "change"},
                                      {"id": "suite-filter", "value": "alpha", "event": "change"},
                                      {"id": "name-filter", "value": "", "event": "input"},
                                      {"id": "suite-filter", "value": "", "event": "change"}])");
  if (!probed.page.skip_reason.empty()) GTEST_SKIP() << probed.page.skip_reason;
  expect_loaded_offline(probed.page);
  const json& views = probed.views;
  ASSERT_EQ(views.size(), 9u);
  const std::vector<std::string> hashes = {"",
                                           "#regressions",
                                           "#regressions&suite=gamma",
                                           "#regressions&suite=gamma&name=bf16%2F1024%20x%26y",
                                           "#regressions&suite=gamma&name=BF16",
                                           "#suite=gamma&name=BF16",
                                           "#suite=alpha&name=BF16",
                                           "#suite=alpha",
                                           ""};
  for (std::size_t i = 0; i < views.size(); ++i) EXPECT_EQ(views[i]["hash"], hashes[i]) << "after action " << i;
  EXPECT_EQ(strings(views[1]["suites"]), std::vector<std::string>{"gamma"});
  EXPECT_EQ(views[3]["shown"]["#nothing-shown"], 0);  // gamma's section stays; no row matches the name
  EXPECT_EQ(views[3]["shown"]["tr.regression-row"], 0);
  EXPECT_EQ(views[4]["shown"]["tr.regression-row"], 1);  // the name filter ignores case
  EXPECT_EQ(strings(views[6]["suites"]), std::vector<std::string>{"alpha"});
  // alpha's bf16 case only: its forest row, samples and table row.
  EXPECT_GE(views[6]["others"].size(), 3u);
  for (const std::string& name : strings(views[6]["others"])) EXPECT_EQ(name, "alpha/bf16/1024");
  EXPECT_EQ(strings(views[8]["suites"]), kStatusOrder);
  // A copied link: the same view as the one it was copied from.
  for (const std::size_t i : {2u, 4u, 6u}) {
    const Probed link = probe(views[i]["hash"].get<std::string>().substr(1));
    ASSERT_EQ(link.views.size(), 1u) << link.page.log;
    for (const char* key : {"hash", "only", "suite", "name", "suites", "others", "shown", "headings"})
      EXPECT_EQ(link.views[0][key], views[i][key]) << key << " of " << views[i]["hash"];
  }
}

TEST_F(WholeRunPage, AMalformedFragmentIsIgnoredAndTheFiltersStillWork) {
  // Each with the view it should give: what can be read is, the rest is not.
  struct Case {
    std::string fragment;
    bool only;
    std::string suite, name;
  };
  for (const Case& c : std::vector<Case>{{"regressions&name=%E0%A4%A&suite=gamma", true, "gamma", ""},
                                         {"&&=&suite=nosuch&bogus=1&=x&regressions", true, "", ""},
                                         {"suite=%ZZ&name=%&name=copy", false, "", "copy"},
                                         {"%E0%A4%A", false, "", ""},
                                         {"suite=alpha=beta&name=%F0%9F%98%80%C0", false, "", ""}}) {
    const Probed probed = probe(c.fragment, R"([{"id": "only-regressions", "value": false, "event": "change"},
                                                {"id": "name-filter", "value": "fp32", "event": "input"}])");
    if (!probed.page.skip_reason.empty()) GTEST_SKIP() << probed.page.skip_reason;
    expect_loaded_offline(probed.page);
    ASSERT_EQ(probed.views.size(), 3u) << c.fragment;
    const json& loaded = probed.views[0];
    EXPECT_EQ(loaded["only"], c.only) << c.fragment;
    EXPECT_EQ(loaded["suite"], c.suite) << c.fragment;
    EXPECT_EQ(loaded["name"], c.name) << c.fragment;
    EXPECT_EQ(loaded["hash"], "#" + c.fragment) << "read, not rewritten: " << c.fragment;
    // What was read was applied.
    if (c.only) EXPECT_EQ(strings(loaded["others"]), std::vector<std::string>{}) << c.fragment;
    if (!c.suite.empty()) EXPECT_EQ(strings(loaded["suites"]), std::vector<std::string>{c.suite}) << c.fragment;
    if (!c.only && c.suite.empty()) EXPECT_EQ(strings(loaded["suites"]).size(), kStatusOrder.size()) << c.fragment;
    // The filters still work, and write a fragment of their own.
    const json& by_name = probed.views[2];
    EXPECT_FALSE(by_name["only"].get<bool>());
    EXPECT_EQ(by_name["hash"], c.suite.empty() ? "#name=fp32" : "#suite=" + c.suite + "&name=fp32") << c.fragment;
    EXPECT_FALSE(strings(by_name["others"]).empty()) << c.fragment;
    for (const std::string& name : strings(by_name["others"]))
      EXPECT_NE(name.find("fp32"), std::string::npos) << name << " shown for " << c.fragment;
  }
}

// A comparison of 120 cases, every fourth 1.5x slower (30 regressions): a
// table of cases shows its first 25 matching rows and says so; "show all"
// shows the rest; the name filter looks at every row, shown or not; a
// regression's why opens under its name; the pictures draw the first 40.
TEST_F(HtmlReportE2e, ABigComparisonShowsItsFirstRowsAndFindsAnyCase) {
  std::vector<BenchmarkResult> base, cur;
  for (int i = 0; i < 120; ++i) {
    const std::string name = "big/case" + std::to_string(i);
    base.push_back(benchmark(name, lognormal_samples(1e-3, 0.01, 10, 2 * i + 1)));
    cur.push_back(benchmark(name, lognormal_samples(i % 4 == 0 ? 1.5e-3 : 1e-3, 0.01, 10, 2 * i + 2)));
  }
  write_text(path("base.json"), results_to_json(testing::results("big", base)));
  write_text(path("cur.json"), results_to_json(testing::results("big", cur)));
  const auto run = perfgate_cli("compare " + word("base.json") + " " + word("cur.json") + " --html " + word("big.html"));
  ASSERT_EQ(run.exit_code, 1) << run.output;
  const std::string html = read_text(path("big.html"));
  EXPECT_NE(html.find("The first 40 of 120 cases in report order"), std::string::npos);
  const Probed probed = probe_page(dir_.path(), html, "probe.html", "",
                                   R"([{"id": "name-filter", "value": "CASE11", "event": "input"},
                                       {"id": "name-filter", "value": "", "event": "input"},
                                       {"click": "table.benchmarks + p.row-limit button"},
                                       {"click": "button.why-toggle", "index": 2}])");
  if (!probed.page.skip_reason.empty()) GTEST_SKIP() << probed.page.skip_reason;
  expect_loaded_offline(probed.page);
  ASSERT_EQ(probed.views.size(), 5u);
  const json& first = probed.views[0];
  EXPECT_EQ(first["shown"]["tr.regression-row"], 25);
  EXPECT_EQ(first["shown"]["tr.bench-row"], 25);
  EXPECT_EQ(first["row_limits"], json::array({"Showing 25 of 30 matching rows.", "Showing 25 of 120 matching rows."}));
  EXPECT_EQ(first["shown"]["g.forest-row"], 40);
  EXPECT_EQ(first["shown"]["figure.dist"], 40);
  EXPECT_EQ(first["shown"]["table.regressions .why"], 0);
  // case11 and case110-119: eleven rows, wherever they were in the order.
  const json& named = probed.views[1];
  EXPECT_EQ(named["shown"]["tr.bench-row"], 11);
  EXPECT_EQ(named["shown"]["tr.regression-row"], 2);  // case112 and case116
  EXPECT_EQ(named["shown"]["p.row-limit"], 0);
  EXPECT_EQ(probed.views[2]["shown"]["tr.bench-row"], 25);
  EXPECT_EQ(probed.views[3]["shown"]["tr.bench-row"], 120);
  EXPECT_EQ(probed.views[3]["row_limits"], json::array({"Showing 25 of 30 matching rows."}));
  EXPECT_EQ(probed.views[4]["shown"]["table.regressions .why"], 1);
}

}  // namespace
}  // namespace perfgate
