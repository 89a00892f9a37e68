// The site's page parts: a bump's edges named by each other, changed series
// first in the index, sparklines on one scale with their changes marked,
// commits as links in the changes, and script text that cannot break out.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <string>
#include <vector>

#include "perfgate/dashboard/changes_page.hpp"
#include "perfgate/dashboard/changes_table.hpp"
#include "perfgate/dashboard/index_page.hpp"
#include "perfgate/dashboard/js_text.hpp"
#include "perfgate/dashboard/sparkline.hpp"

namespace perfgate::dashboard {
namespace {

using history::Change;
using history::SeriesPoint;

Change change_at(const std::string& commit, double pct) {
  Change c;
  c.suite = "s";
  c.testbed = "tb";
  c.benchmark = "a";
  c.commit = commit;
  c.end_commit = commit;
  c.change_pct = pct;
  c.before_s = 1e-3;
  c.after_s = 1e-3 * (1 + pct / 100);
  c.p_value = 1e-6;
  return c;
}

TEST(SiteParts, ABumpsEdgesNameEachOther) {
  std::vector<Change> changes = {change_at("up", 20.0), change_at("down", -16.7), change_at("later", 5.0)};
  changes[0].undone_by = 1;
  const std::vector<ListedChange> listed = listed_changes(changes);
  ASSERT_EQ(listed.size(), 3u);
  EXPECT_EQ(listed[0].undone_at, "down");
  EXPECT_EQ(listed[1].undoes, "up");
  EXPECT_TRUE(listed[2].undone_at.empty() && listed[2].undoes.empty());
  const std::string table = changes_table(listed, "", CommitLink{});
  EXPECT_NE(table.find("<td>regression, taken back at down</td>"), std::string::npos) << table;
  EXPECT_NE(table.find("<td>step, takes back up</td>"), std::string::npos) << table;
}

TEST(SiteParts, TheChangesLinkTheirCommitsAndADriftItsRange) {
  Change drift = change_at("d1", 3.1);
  drift.shape = history::ChangeShape::drift;
  drift.end_commit = "d9";
  drift.ordinal = 11;
  drift.end_ordinal = 40;
  drift.placed = false;
  drift.runs_spanned = 30;
  drift.commits_spanned = 12;
  const CommitLink link = CommitLink::from_template("https://h/r/commit/{commit}");
  const std::string table = changes_table(listed_changes({drift}), "../", link);
  EXPECT_NE(table.find("<a class=\"commit\" href=\"https://h/r/commit/d1\">d1</a> to "
                       "<a class=\"commit\" href=\"https://h/r/commit/d9\">d9</a>"), std::string::npos) << table;
  EXPECT_NE(table.find(">11-40<"), std::string::npos) << table;
  EXPECT_NE(table.find("<td>drift over 30 runs, 12 commits</td>"), std::string::npos) << table;
  EXPECT_EQ(changes_table(listed_changes({drift}), "../", CommitLink{}).find("href=\"https"), std::string::npos);
  // Issue 45 item 5: a step the data cannot place shows its range and width too.
  Change unplaced = drift;
  unplaced.shape = history::ChangeShape::step;
  const std::string step_table = changes_table(listed_changes({unplaced}), "../", link);
  EXPECT_NE(step_table.find("<td>step somewhere in 30 runs, 12 commits</td>"), std::string::npos) << step_table;
  EXPECT_NE(step_table.find(">11-40<"), std::string::npos) << step_table;
}

TEST(SiteParts, AChangeLinksItsRangeOfCommitsUnlessItLiesBetweenRunsOfOneCommit) {
  const RepositoryLinks links(CommitLink::from_template("https://h/r/commit/{commit}"),
                              CompareLink::from_template("https://h/r/compare/{from}...{to}"));
  std::vector<ListedChange> listed = listed_changes({change_at("c20", 25.0)});
  listed[0].from_commit = "c19";
  EXPECT_NE(changes_table(listed, "", links).find("<a class=\"compare\" href=\"https://h/r/compare/c19...c20\" "
                                                  "title=\"c19..c20\">compare</a>"),
            std::string::npos);
  Change drift = change_at("d1", 3.1);
  drift.shape = history::ChangeShape::drift;
  drift.end_commit = "d9";
  std::vector<ListedChange> drifted = listed_changes({drift});
  drifted[0].from_commit = "d0";
  EXPECT_NE(changes_table(drifted, "", links).find("href=\"https://h/r/compare/d0...d9\""), std::string::npos)
      << "a drift's range runs to its last commit";
  listed[0].from_commit = "c20";  // reruns of one commit: the machine moved, not the code
  EXPECT_EQ(changes_table(listed, "", links).find("class=\"compare\""), std::string::npos);
  listed[0].from_commit = "";  // the series' first run
  EXPECT_EQ(changes_table(listed, "", links).find("class=\"compare\""), std::string::npos);
}

// Issue 45: perfgate bisect's answer beside its change, linked; and the
// events (3 series moved at one commit) before every change.
TEST(SiteParts, AChangeShowsItsBisectionAndTheChangesPageStartsFromEvents) {
  std::vector<ListedChange> listed = listed_changes({change_at("c8", 200.0)});
  listed[0].bisection = history::BisectionRecord{"s", "a", "cpu-x", "c0", "c8", "found", "c5", "c4", 199.0, 5, 8, 13.0, "2026-12-06T00:00:00Z"};
  const CommitLink link = CommitLink::from_template("https://h/r/commit/{commit}");
  const std::string table = changes_table(listed, "", link);
  EXPECT_NE(table.find("<span class=\"bisection\" data-outcome=\"found\">bisected: first commit "
                       "<a class=\"commit\" href=\"https://h/r/commit/c5\">c5</a> (5 builds on cpu-x)</span>"),
            std::string::npos)
      << table;
  listed[0].bisection->outcome = "not_reproduced";
  EXPECT_NE(changes_table(listed, "", link).find("not reproduced between c0 and c8: the environment"), std::string::npos);

  std::vector<ListedChange> page_changes;
  for (const char* name : {"a", "b", "c"}) {
    Change c = change_at("c8", 50.0);
    c.benchmark = name;
    c.ordinal = 8;
    page_changes.push_back(listed_changes({c})[0]);
  }
  page_changes.push_back(listed_changes({change_at("c3", -10.0)})[0]);
  const std::string page = changes_page(page_changes, 4, link);
  const auto events = page.find("<table class=\"events\">");
  ASSERT_NE(events, std::string::npos) << page;
  EXPECT_LT(events, page.find("<table class=\"changes\">")) << "the events first";
  EXPECT_NE(page.find("<tr data-kind=\"code\"><td class=\"commit\"><a class=\"commit\" href=\"https://h/r/commit/c8\">c8</a>"
                      " (ordinal 8)</td><td>tb</td><td class=\"num\">3</td>"),
            std::string::npos)
      << page;
  page_changes.pop_back();
  page_changes.pop_back();
  EXPECT_EQ(changes_page(page_changes, 4, link).find("class=\"events\""), std::string::npos) << "2 series are no event";
}

IndexEntry entry(const std::string& testbed, const std::string& name, std::optional<double> pct) {
  IndexEntry e;
  e.key = {"s", testbed, name};
  if (pct) e.latest_change = ListedChange{change_at("c", *pct), "", "", "", std::nullopt};
  return e;
}

TEST(SiteParts, TheIndexPutsChangedSeriesFirstLargestFirst) {
  std::vector<IndexEntry> entries = {entry("b", "z", std::nullopt), entry("a", "m", std::nullopt), entry("a", "q", 4.0),
                                     entry("a", "x", -30.0), entry("a", "b", std::nullopt)};
  std::sort(entries.begin(), entries.end(), index_order);
  std::vector<std::string> names;
  for (const IndexEntry& e : entries) names.push_back(e.key.testbed + "/" + e.key.benchmark);
  EXPECT_EQ(names, (std::vector<std::string>{"a/x", "a/q", "a/b", "a/m", "b/z"}));
  const std::string page = index_page({}, entries);
  EXPECT_NE(page.find("data-changed=\"-30.0%\""), std::string::npos);
  EXPECT_NE(page.find(">-30.0% at c<"), std::string::npos) << "the size of the change";
  EXPECT_LT(page.find("data-name=\"x\""), page.find("data-name=\"b\""));
  EXPECT_NE(page.find("id=\"changed-only\""), std::string::npos);
}

std::vector<SeriesPoint> series(double level, double noise, double step_at_fraction, double step) {
  std::vector<SeriesPoint> points;
  for (int i = 0; i < 100; ++i) {
    SeriesPoint p;
    p.median_s = level * (1 + noise * ((i * 37) % 7 - 3) / 3.0) * (i >= 100 * step_at_fraction ? 1 + step : 1.0);
    points.push_back(p);
  }
  return points;
}

std::vector<double> ys(const std::string& svg) {
  std::vector<double> out;
  const std::string list = svg.substr(svg.find("points=\"") + 8);
  const std::regex pair("[0-9.]+,([0-9.]+) ");
  for (auto it = std::sregex_iterator(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(list.find('"')), pair);
       it != std::sregex_iterator(); ++it)
    out.push_back(std::stod((*it)[1]));
  return out;
}

TEST(SiteParts, SparklinesShareOneRelativeScale) {
  // 2% noise fills a fifth of the cell at most, whatever the series' speed;
  // its own min-max would have stretched it to the full height.
  for (double level : {1e-6, 3e-3, 2.0}) {
    const std::vector<double> y = ys(sparkline_svg(series(level, 0.02, 2.0, 0.0), {}));
    ASSERT_FALSE(y.empty());
    EXPECT_GT(*std::min_element(y.begin(), y.end()), 9.0) << level;
    EXPECT_LT(*std::max_element(y.begin(), y.end()), 15.0) << level;
  }
  // A 30% step runs to the edge and says so; its change is marked where it is.
  Change up = change_at("c50", 30.0);
  std::vector<SeriesPoint> stepped = series(1e-3, 0.005, 0.5, 0.3);
  for (std::size_t i = 0; i < stepped.size(); ++i) {
    stepped[i].commit = "c" + std::to_string(i);
    stepped[i].created_utc = "d" + std::to_string(i);
  }
  up.created_utc = "d50";
  const std::string svg = sparkline_svg(stepped, {up});
  const std::vector<double> y = ys(svg);
  EXPECT_DOUBLE_EQ(*std::max_element(y.begin(), y.end()), 23.0) << "30% below the current level: at the bottom edge";
  EXPECT_NEAR(y.back(), 12.0, 1.5) << "the current level in the middle";
  EXPECT_NE(svg.find("run(s) beyond, drawn at the edge"), std::string::npos) << svg;
  const std::smatch mark = [&] {
    std::smatch m;
    std::regex_search(svg, m, std::regex("<rect class=\"mark regression\" x=\"([0-9.]+)\""));
    return m;
  }();
  ASSERT_FALSE(mark.empty()) << svg;
  EXPECT_NEAR(std::stod(mark[1]), 1.0 + 118.0 * 50 / 99 - 0.75, 0.02) << "at run 50 of 100";
}

TEST(SiteParts, ScriptTextCannotEndTheScriptOrTheString) {
  EXPECT_EQ(js_string("a\"b\\c</script><!--&\n"), "\"a\\u0022b\\u005cc\\u003c/script\\u003e\\u003c!--\\u0026\\u000a\"");
  EXPECT_EQ(js_string("x\xE2\x80\xA8y\xE2\x80\xA9z \xC3\xA9"), "\"x\\u2028y\\u2029z \xC3\xA9\"");
  EXPECT_EQ(js_number(0.25), "0.25");
  EXPECT_EQ(js_number(std::nan("")), "null");
}

}  // namespace
}  // namespace perfgate::dashboard
