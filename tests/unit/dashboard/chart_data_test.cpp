// A series' chart data and its testbed's run table: the codes read back
// (as assets/dashboard.js reads them) to the runs, medians, intervals and
// sample counts that went in; runs are stored once per testbed.

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "perfgate/dashboard/chart_data.hpp"
#include "perfgate/dashboard/change_positions.hpp"
#include "perfgate/dashboard/run_table.hpp"
#include "perfgate/dashboard/series_code.hpp"

namespace perfgate::dashboard {
namespace {

using history::SeriesPoint;

SeriesPoint point(int run, double median, bool interval, std::int64_t n = 10) {
  SeriesPoint p;
  p.run_id = "run" + std::to_string(run);
  p.commit = std::string("c").append(std::to_string(run));  // not "c" + ...: GCC 12 warns (-Wrestrict) falsely
  p.ordinal = run;
  p.run_time = 1790000000 + 3600 * run;
  p.created_utc = "2026-09-" + std::to_string(10 + run) + "T00:00:00Z";
  p.median_s = median;
  if (interval) {
    p.low_s = median * 0.98;
    p.high_s = median * 1.03;
  }
  p.sample_count = n;
  return p;
}

// The text between `name:"` and the next '"'.
std::string field(const std::string& script, const std::string& name) {
  const std::size_t from = script.find(name + ":\"");
  if (from == std::string::npos) return "<missing>";
  const std::size_t start = from + name.size() + 2;
  return script.substr(start, script.find('"', start) - start);
}

std::vector<std::int64_t> signed_codes(const std::string& text) {
  std::vector<std::int64_t> out;
  const std::vector<std::uint64_t> codes = decode_vlq(text).value();  // kept: a temporary's value() would dangle
  for (std::uint64_t code : codes) out.push_back(unzigzag(code));
  return out;
}

TEST(ChartData, TheCodesReadBackToTheSeries) {
  const std::vector<SeriesPoint> points = {point(1, 1.00e-3, true), point(2, 1.01e-3, false, 12),
                                           point(3, 1.25e-3, true), point(4, 0.99e-3, true, 9)};
  RunTable runs("tb");
  const std::string script = series_data_script({"s", "tb", "gemm"}, points, {}, runs);
  ASSERT_EQ(script.rfind("perfgate.series({suite:\"s\",testbed:\"tb\",benchmark:\"gemm\",page:\"series/gemm-", 0), 0u)
      << script;
  const std::vector<std::uint64_t> codes = decode_vlq(field(script, "points")).value();
  ASSERT_EQ(codes.size(), 5 * points.size());
  const double base = points[0].median_s;
  std::int64_t index = 0, step = 0, n = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const std::uint64_t* c = &codes[5 * i];
    index += unzigzag(c[0]);
    step += unzigzag(c[1]);
    n += unzigzag(c[4]);
    EXPECT_EQ(index, static_cast<std::int64_t>(i)) << "the run's row in the testbed's table";
    EXPECT_NEAR(from_log_step(step, base) / points[i].median_s, 1.0, 0.5e-4) << i;
    EXPECT_EQ(n, points[i].sample_count) << i;
    if (!points[i].low_s) {
      EXPECT_EQ(c[2], 0u);
      EXPECT_EQ(c[3], 0u);
      continue;
    }
    EXPECT_NEAR(from_log_step(step - unzigzag(c[2] - 1), base) / *points[i].low_s, 1.0, 1e-4) << i;
    EXPECT_NEAR(from_log_step(step + unzigzag(c[3] - 1), base) / *points[i].high_s, 1.0, 1e-4) << i;
  }
  EXPECT_LT(field(script, "points").size(), 8 * points.size()) << "a few characters a run";
}

// A pull request's runs beside the main line: coded as the main line's
// (its base, its testbed's run table, where they take rows of their own),
// and the caught regressions named by commit and kind.
TEST(ChartData, OtherKindsShareTheRunTableAndTheBaseAndCaughtRegressionsFollow) {
  RunTable runs("tb");
  const std::vector<SeriesPoint> main = {point(1, 1e-3, true), point(2, 1e-3, true)};
  SeriesPoint pr = point(7, 1.5e-3, true);
  pr.ordinal.reset();
  SeriesBeside beside;
  beside.other_runs = {{"pr", {pr}}, {"ab", {}}};
  beside.caught = {{"c7", "pr", "2026-09-17T00:00:00Z", 50.0}, {"c2", "main", "2026-09-12T00:00:00Z", std::nullopt}};
  const std::string script = series_data_script({"s", "tb", "a"}, main, {}, runs, beside);
  EXPECT_EQ(runs.size(), 3u) << "the pull request's run is a row of the table";
  const std::size_t others = script.find("others:[{kind:\"pr\",points:\"");
  ASSERT_NE(others, std::string::npos) << script;
  EXPECT_EQ(script.find("kind:\"ab\""), std::string::npos) << "a kind with no run is left out: " << script;
  const std::vector<std::int64_t> codes = signed_codes(field(script.substr(others), "points"));
  ASSERT_EQ(codes.size(), 5u);
  EXPECT_EQ(codes[0], 2) << "its row in the table";
  EXPECT_NEAR(from_log_step(codes[1], main[0].median_s), 1.5e-3, 1e-7) << "on the main line's base";
  EXPECT_NE(script.find("caught:[{commit:\"c7\",kind:\"pr\",date:\"2026-09-17T00:00:00Z\",pct:50},"
                        "{commit:\"c2\",kind:\"main\",date:\"2026-09-12T00:00:00Z\",pct:null}]"),
            std::string::npos) << script;
}

TEST(ChartData, RunsAreStoredOncePerTestbed) {
  RunTable runs("tb \"x\"");
  const std::vector<SeriesPoint> a = {point(1, 1e-3, true), point(2, 1e-3, true), point(3, 1e-3, true)};
  const std::vector<SeriesPoint> b = {point(2, 2e-3, true), point(3, 2e-3, true)};
  series_data_script({"s", "tb", "a"}, a, {}, runs);
  const std::string script_b = series_data_script({"s", "tb", "b"}, b, {}, runs);
  EXPECT_EQ(runs.size(), 3u) << "b's runs are a's";
  EXPECT_EQ(signed_codes(field(script_b, "points"))[0], 1) << "b's first run is the table's second";
  const std::string table = runs.script();
  EXPECT_EQ(table.rfind("perfgate.runs(\"tb \\u0022x\\u0022\",{commits:[\"c1\",\"c2\",\"c3\"]", 0), 0u) << table;
  EXPECT_NE(table.find("dates:[\"2026-09-11T00:00:00Z\",\"2026-09-12T00:00:00Z\",\"2026-09-13T00:00:00Z\"]"),
            std::string::npos) << table;
  std::vector<std::int64_t> ordinals;
  const std::vector<std::uint64_t> ordinal_codes = decode_vlq(field(table, "ordinals")).value();
  for (std::uint64_t code : ordinal_codes) ordinals.push_back(unzigzag(code - 1));
  EXPECT_EQ(ordinals, (std::vector<std::int64_t>{1, 2, 3}));
  const std::vector<std::int64_t> times = signed_codes(field(table, "times"));
  EXPECT_EQ(times, (std::vector<std::int64_t>{1790003600, 3600, 3600})) << "differences from the run before";
  EXPECT_EQ(RunTable::file_name("tb \"x\"").rfind("assets/runs-", 0), 0u);
  EXPECT_NE(RunTable::file_name("tb"), RunTable::file_name("tb2"));
  EXPECT_EQ(RunTable::file_name("../x").find('/', 7), std::string::npos) << "a file name, whatever the testbed";
}

TEST(ChartData, ChangesStandAtTheirRunsWithTheirShape) {
  std::vector<SeriesPoint> points;
  for (int i = 1; i <= 12; ++i) points.push_back(point(i, i < 5 ? 1e-3 : 1.3e-3, true));
  history::Change step;
  step.shape = history::ChangeShape::step;
  step.commit = "c5";
  step.ordinal = 5;
  step.created_utc = points[4].created_utc;
  step.change_pct = 30.0;
  step.undone_by = 1;
  history::Change drift = step;
  drift.shape = history::ChangeShape::drift;
  drift.commit = "c8";
  drift.ordinal = 8;
  drift.created_utc = points[7].created_utc;
  drift.end_commit = "c11";
  drift.end_ordinal = 11;
  drift.end_created_utc = points[10].created_utc;
  drift.change_pct = -3.0;
  drift.undone_by.reset();
  const std::vector<ChangeSpan> at = change_positions(points, {step, drift});
  ASSERT_EQ(at.size(), 2u);
  EXPECT_EQ(at[0].first, 4u);
  EXPECT_EQ(at[0].last, 4u);
  EXPECT_EQ(at[1].first, 7u);
  EXPECT_EQ(at[1].last, 10u);
  RunTable runs("tb");
  const std::string script = series_data_script({"s", "tb", "a"}, points, {step, drift}, runs);
  EXPECT_NE(script.find("{shape:\"step\",first:4,last:4,"), std::string::npos) << script;
  EXPECT_NE(script.find(",undoneBy:1}"), std::string::npos) << script;
  EXPECT_NE(script.find("{shape:\"drift\",first:7,last:10,"), std::string::npos) << script;
  EXPECT_NE(script.find(",pct:-3,"), std::string::npos) << script;
}

}  // namespace
}  // namespace perfgate::dashboard
