// The version of the perfgate that judged, in every report: the comparison
// JSON (and back), JUnit, Markdown (one suite and a whole run), HTML and the
// console.  A comparison read back keeps its file's version, so a report
// made again from an old file names the perfgate that judged, not this one.

#include <sstream>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/gate/exit_code.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/model/version.hpp"
#include "perfgate/gate/comparison_json.hpp"
#include "perfgate/gate/comparison_json_reader.hpp"
#include "perfgate/reports/console_table.hpp"
#include "perfgate/reports/html_report.hpp"
#include "perfgate/reports/junit_writer.hpp"
#include "perfgate/reports/markdown_writer.hpp"
#include "perfgate/reports/run_markdown.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "results_builder.hpp"
#include "xml_document.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

Comparison judged() {
  const Results base = results("host", {benchmark("a", lognormal_samples(1e-3, 0.01, 10, 1))});
  const Results cur = results("host", {benchmark("a", lognormal_samples(1e-3, 0.01, 10, 2))});
  return compare_results(base, cur);
}

// A comparison as an older perfgate wrote it: another version.
Comparison judged_by(const std::string& other_version) {
  Comparison c = judged();
  c.perfgate_version = other_version;
  return c;
}

SuiteReport suite(const std::string& version_that_judged) {
  SuiteReport s;
  s.comparison = judged_by(version_that_judged);
  s.exit_code = kExitOk;
  return s;
}

std::string judged_line(const std::string& v) { return "judged by perfgate " + v; }

TEST(ReportVersion, VersionIsTheProjectVersion) {
  // CMake's PROJECT_VERSION: numbers and dots, "0.1.0".
  const std::string v = version();
  ASSERT_FALSE(v.empty());
  EXPECT_EQ(v.find_first_not_of("0123456789."), std::string::npos) << v;
  EXPECT_EQ(judged().perfgate_version, v) << "compare_results records the perfgate that judged";
}

TEST(ReportVersion, ComparisonJsonCarriesItAndReadsItBack) {
  const Comparison c = judged_by("0.0.7");
  const std::string text = comparison_to_json(c, kExitOk);
  EXPECT_EQ(nlohmann::json::parse(text)["perfgate_version"], "0.0.7");
  const Comparison back = comparison_from_json(text, "c.json");
  EXPECT_EQ(back.perfgate_version, "0.0.7");
  EXPECT_EQ(comparison_to_json(back, kExitOk), text) << "the round trip stays exact";
}

TEST(ReportVersion, AnOldComparisonWithoutOneReadsAsUnknown) {
  nlohmann::json doc = nlohmann::json::parse(comparison_to_json(judged(), kExitOk));
  doc.erase("perfgate_version");
  const Comparison back = comparison_from_json(doc.dump(), "old.json");
  EXPECT_EQ(back.perfgate_version, "");
  EXPECT_EQ(judged_by_text(back), "judged by perfgate (version unknown)");
  const std::string again = comparison_to_json(back, kExitOk);
  EXPECT_EQ(comparison_to_json(comparison_from_json(again, "again.json"), kExitOk), again);
}

TEST(ReportVersion, NotAStringIsRefusedNamingTheFile) {
  nlohmann::json doc = nlohmann::json::parse(comparison_to_json(judged(), kExitOk));
  doc["perfgate_version"] = 7;
  try {
    comparison_from_json(doc.dump(), "bad.json");
    FAIL() << "a number as the version was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "bad.json: 'perfgate_version' is not a string");
  }
}

TEST(ReportVersion, JUnitPropertyValidAgainstTheSchema) {
  const std::string text = comparison_to_junit(judged_by("0.0.7"), kExitOk);
  const testing::XmlDocument xml(text);
  ASSERT_TRUE(xml.well_formed()) << xml.error();
  EXPECT_EQ(xml.values("/testsuites/testsuite/properties/property[@name='perfgate.version']/@value"),
            std::vector<std::string>{"0.0.7"});
  EXPECT_EQ(xml.schema_problems(std::string(PERFGATE_TEST_FIXTURES) + "/junit/junit-10.xsd"), "") << text;
}

TEST(ReportVersion, MarkdownFooter) {
  const std::string md = comparison_to_markdown(judged_by("0.0.7"), kExitOk);
  const std::string footer = "<sub>" + judged_line("0.0.7") + "</sub>\n";
  ASSERT_GE(md.size(), footer.size());
  EXPECT_EQ(md.substr(md.size() - footer.size()), footer) << md;
}

TEST(ReportVersion, RunSummaryNamesEveryVersionOnce) {
  RunReport run;
  for (const char* v : {"0.0.7", "0.0.8", "0.0.7"}) run.push_back(suite(v));
  const std::string md = run_to_markdown(run, kMarkdownMaxBytes);
  const std::string footer = "<sub>judged by perfgate 0.0.7 and 0.0.8</sub>\n";
  ASSERT_GE(md.size(), footer.size());
  EXPECT_EQ(md.substr(md.size() - footer.size()), footer) << md;
}

TEST(ReportVersion, HtmlFooterEscaped) {
  const Comparison c = judged_by("0.0.7<script>");
  const std::string page = comparison_to_html({c, kExitOk});
  EXPECT_NE(page.find("<footer class=\"version\">judged by perfgate 0.0.7&lt;script&gt;</footer>"), std::string::npos)
      << page.substr(page.rfind("<footer"));
  RunReport run{suite("0.0.9")};
  EXPECT_NE(run_to_html(run).find("<footer class=\"version\">" + judged_line("0.0.9") + "</footer>"), std::string::npos);
}

TEST(ReportVersion, ConsoleHeaderLine) {
  std::ostringstream out;
  print_comparison_table(out, judged_by("0.0.7"), kExitOk);
  EXPECT_NE(out.str().find(", " + judged_line("0.0.7") + "\n"), std::string::npos) << out.str();
}

TEST(ReportVersion, ControlCharactersInAVersionAreEscaped) {
  // A version comes from a file: it must not end a line of the console or a summary.
  EXPECT_EQ(judged_by_text(std::vector<std::string>{"1.0\nperfgate: PASS"}), "judged by perfgate 1.0\\x0aperfgate: PASS");
}

}  // namespace
}  // namespace perfgate
