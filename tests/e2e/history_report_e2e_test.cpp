// `perfgate history report` end to end: a history with a planted step made
// through the CLI, the site it writes (files, one trend per series, the
// change marked at its commit, regressions first, nothing fetched from
// anywhere), the page in a real browser, and bad input.

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "headless_browser.hpp"
#include "perfgate/dashboard/page_name.hpp"
#include "perfgate/model/results_io.hpp"
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
    const auto r = perfgate("history ingest --db " + shell_word(db) + " --ordinal " + std::to_string(i) + " " +
                            shell_word(series_file(folder, i, step_at).string()));
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }
}

// The testbed the results builder's CPU fingerprint gives (as history_cli_e2e_test.cpp).
constexpr const char* kTestbed = "cpu-test-cpu-9000-8cpu";

fs::path page_of(const fs::path& site, const std::string& benchmark) {
  return site / dashboard::series_page_name({"s", kTestbed, benchmark});
}

class HistoryReport : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir;
    ingest_series(db(), dir_->path(), 30, 20);
    const auto r = perfgate("history report --db " + shell_word(db()) + " --out " + shell_word(site().string()));
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("3 series, 2 change(s)"), std::string::npos) << r.output;
  }
  static void TearDownTestSuite() { delete dir_; }
  static std::string db() { return (*dir_ / "h.sqlite").string(); }
  static fs::path site() { return *dir_ / "site"; }
  static TempDir* dir_;
};
TempDir* HistoryReport::dir_ = nullptr;

TEST_F(HistoryReport, WritesAnIndexTheChangesAndATrendPagePerSeries) {
  for (const fs::path& page : {site() / "index.html", site() / "changes.html", page_of(site(), "a"),
                               page_of(site(), "b"), page_of(site(), kOddName)})
    EXPECT_TRUE(fs::is_regular_file(page)) << page;
  EXPECT_EQ(std::distance(fs::directory_iterator(site() / "series"), fs::directory_iterator{}), 3);
  const std::string index = read_text(site() / "index.html");
  EXPECT_EQ(testing::count_occurrences(index, "<svg class=\"sparkline\""), 3u);
  for (const std::string& name : {"a", "b", kOddName.c_str()}) {
    const std::string link = "href=\"" + dashboard::series_page_name({"s", kTestbed, name}) + "\"";
    EXPECT_NE(index.find(link), std::string::npos) << link;
  }
  EXPECT_NE(index.find("<dd>30</dd>"), std::string::npos) << "the run count";
  EXPECT_NE(index.find("2026-11-01T00:00:00Z to 2026-11-30T00:00:00Z"), std::string::npos) << "the date range";
  EXPECT_NE(index.find("id=\"filter\""), std::string::npos);
}

TEST_F(HistoryReport, TheTrendMarksTheStepAtItsCommit) {
  const std::string a = read_text(page_of(site(), "a"));
  EXPECT_EQ(testing::count_occurrences(a, "<svg class=\"trend\""), 1u);
  EXPECT_EQ(testing::count_occurrences(a, "class=\"change-marker\""), 1u);
  EXPECT_NE(a.find("class=\"change-marker\" x1="), std::string::npos);
  EXPECT_NE(a.find("data-commit=\"commit20\""), std::string::npos);
  EXPECT_EQ(testing::count_occurrences(a, "<circle class=\"point\""), 30u) << "30 runs: none thinned";
  EXPECT_NE(a.find("commit commit20 (20), 2026-11-20T00:00:00Z: median 1.2"), std::string::npos) << "the hover text";
  const std::string b = read_text(page_of(site(), "b"));
  EXPECT_EQ(testing::count_occurrences(b, "<svg class=\"trend\""), 1u);
  EXPECT_EQ(b.find("class=\"change-marker\""), std::string::npos) << "b never changed";
}

TEST_F(HistoryReport, TheChangesListTheRegressionFirst) {
  const std::string changes = read_text(site() / "changes.html");
  const std::size_t regression = changes.find(dashboard::series_page_name({"s", kTestbed, "a"}));
  const std::size_t improvement = changes.find(dashboard::series_page_name({"s", kTestbed, kOddName}));
  ASSERT_NE(regression, std::string::npos);
  ASSERT_NE(improvement, std::string::npos);
  EXPECT_LT(regression, improvement) << "the regression (+25%) before the larger improvement (-30%)";
  EXPECT_TRUE(std::regex_search(changes, std::regex(">\\+2[4-6]\\.[0-9]%<"))) << "the change of a, about +25%";
  EXPECT_NE(changes.find(">commit20<"), std::string::npos);
}

TEST_F(HistoryReport, EveryPageIsSelfContainedAndEscaped) {
  for (const auto& entry : fs::recursive_directory_iterator(site())) {
    if (!entry.is_regular_file() || entry.path().extension() != ".html") continue;  // and .perfgate-owned
    const std::string page = read_text(entry.path());
    EXPECT_NE(page.find("content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
                        "img-src data:\""), std::string::npos) << entry.path();
    EXPECT_FALSE(std::regex_search(page, std::regex("https?:|src=|//[a-z]", std::regex::icase))) << entry.path();
    EXPECT_EQ(page.find("<b>"), std::string::npos) << "unescaped markup in " << entry.path();
  }
  EXPECT_NE(read_text(page_of(site(), kOddName)).find("&lt;b&gt;\xC3\xA9t\xC3\xA9&lt;/b&gt; &amp; co"), std::string::npos);
}

TEST_F(HistoryReport, TheTrendPageRendersInABrowser) {
  const testing::BrowserPage page = testing::load_in_browser(page_of(site(), "a"), *dir_ / "trend.png");
  if (!page.skip_reason.empty()) GTEST_SKIP() << page.skip_reason;
  EXPECT_NE(page.dom.find("<svg class=\"trend\""), std::string::npos) << page.log;
  EXPECT_NE(page.dom.find("data-commit=\"commit20\""), std::string::npos) << page.log;
  EXPECT_EQ(page.log.find("Content Security Policy"), std::string::npos) << page.log;
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
  expect_refused("history report --db " + shell_word(missing.string()) + " --out " + shell_word((*dir_ / "x").string()),
                 "no history there");
  EXPECT_FALSE(fs::exists(missing));
  testing::write_text(*dir_ / "a-file", "not a folder");
  expect_refused("history report --db " + shell_word(db()) + " --out " + shell_word((*dir_ / "a-file").string()),
                 "not a folder");
  expect_refused("history report --benchmark '(' --db " + shell_word(db()) + " --out " + shell_word((*dir_ / "y").string()),
                 "--benchmark");
}

// The same site from PostgreSQL: the queries are one set for both engines.
class HistoryReportOnEngine : public ::testing::TestWithParam<std::string> {};

TEST_P(HistoryReportOnEngine, MarksTheStepAtItsCommit) {
  TempDir dir;
  const testing::TestDatabase database = testing::test_database(GetParam(), dir.path(), "h.sqlite");
  if (database.url.empty()) GTEST_SKIP() << database.skip_reason;
  if (GetParam() == "postgresql")
    sql::open_database(database.url)
        ->execute_script("DROP TABLE IF EXISTS samples, measurements, verdicts, runs, testbeds, perfgate_history CASCADE");
  ingest_series(database.url, dir.path(), 24, 13);
  const auto r = perfgate("history report --db " + shell_word(database.url) + " --out " + shell_word((dir / "site").string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string a = read_text(page_of(dir / "site", "a"));
  EXPECT_EQ(testing::count_occurrences(a, "class=\"change-marker\""), 1u);
  EXPECT_NE(a.find("data-commit=\"commit13\""), std::string::npos);
  EXPECT_NE(read_text(dir / "site" / "index.html").find("<dd>24</dd>"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Engines, HistoryReportOnEngine, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace perfgate
