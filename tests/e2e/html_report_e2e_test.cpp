// The HTML report as a person gets it: written by `perfgate compare --html`
// and `perfgate report`, opened in a real browser (headless chromium,
// offline), counted in the DOM the browser built.

#include <filesystem>
#include <vector>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "headless_browser.hpp"
#include "perfgate/model/results_io.hpp"
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
  EXPECT_NE(page.dom.find(run.exit_code == 0 ? "PASS (exit 0)" : "FAIL (exit 1)", verdict), std::string::npos);
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
  ASSERT_EQ(report.exit_code, 0) << report.output;
  EXPECT_NE(report.output.find("HTML report: " + path("index.html").string()), std::string::npos) << report.output;
  const std::string html = read_text(path("index.html"));
  expect_self_contained(html);
  EXPECT_EQ(count_occurrences(html, "<section class=\"suite\""), 2u);
  EXPECT_NE(html.find("id=\"verdict\" data-exit-code=\"1\">FAIL (exit 1): 2 suites"), std::string::npos);
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

// The GPU suites' real counters: a roofline with a point per case that
// recorded its work, and fno's batch-size curve.
TEST_F(HtmlReportE2e, H100ReportHasARooflineAndTheBatchCurve) {
  write_slowed(kFixtures + "/h100/fno.results.json", path("out/fno.results.json"), "fno/forward/gemm/fno64", 1.3);
  const auto run = perfgate_cli("compare " + shell_word(kFixtures + "/h100/fno.results.json") + " " + word("out/fno.results.json") +
                                " --json " + word("out/fno.comparison.json"));
  ASSERT_LE(run.exit_code, 1) << run.output;  // 5 samples a side: the slowdown may stay INCONCLUSIVE
  const auto report = perfgate_cli("report " + word("out/fno.comparison.json") + " --html " + word("h100.html"));
  ASSERT_EQ(report.exit_code, 0) << report.output;
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

}  // namespace
}  // namespace perfgate
