#include "perfgate/reports/gate_stage.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "perfgate/gate/exit_code.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/gate/comparison_json.hpp"
#include "perfgate/reports/console_table.hpp"
#include "perfgate/reports/html_report.hpp"
#include "perfgate/reports/junit_writer.hpp"
#include "perfgate/reports/markdown_writer.hpp"
#include "perfgate/reports/report_files.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

std::string read(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(ReportWriters, OneRowPerFormatInWritingOrder) {
  const std::vector<ReportWriter>& writers = report_writers();
  ASSERT_EQ(writers.size(), 4u);
  EXPECT_STREQ(writers[0].flag, "json");
  EXPECT_STREQ(writers[1].flag, "junit");
  EXPECT_STREQ(writers[2].flag, "markdown");
  EXPECT_STREQ(writers[3].flag, "html");
  EXPECT_STREQ(writers[0].extension, ".comparison.json");
  EXPECT_STREQ(writers[1].extension, ".junit.xml");
  EXPECT_STREQ(writers[2].extension, ".md");
  EXPECT_STREQ(writers[3].extension, ".html");
  EXPECT_STREQ(writers[0].name, "the comparison JSON");
  EXPECT_STREQ(writers[1].name, "the JUnit report");
  EXPECT_STREQ(writers[2].name, "the Markdown summary");
  EXPECT_STREQ(writers[3].name, "the HTML report");
  // Each row renders what its format's function renders.
  const Results base = results("host", {benchmark("a", lognormal_samples(1e-3, 0.01, 10, 1))});
  const Results cur = results("host", {benchmark("a", lognormal_samples(1e-3, 0.01, 10, 2))});
  const Comparison comparison = compare_results(base, cur);
  const ReportInput input{comparison, 0, &cur, &base};
  EXPECT_EQ(render_report(writers[0], input), comparison_to_json(comparison, 0));
  EXPECT_EQ(render_report(writers[1], input), comparison_to_junit(comparison, 0));
  EXPECT_EQ(render_report(writers[2], input), comparison_to_markdown(comparison, 0));
  EXPECT_EQ(render_report(writers[3], input), comparison_to_html(input));
}

TEST(ReportWriters, DefaultPathsAndRolesComeFromTheTable) {
  ReportPaths paths;
  paths["junit"] = "/elsewhere/mine.xml";
  paths.fill_defaults("/out", "gemm");
  EXPECT_EQ(paths.at("json"), fs::path("/out/gemm.comparison.json"));
  EXPECT_EQ(paths.at("junit"), fs::path("/elsewhere/mine.xml"));  // given: kept
  EXPECT_EQ(paths.at("markdown"), fs::path("/out/gemm.md"));
  EXPECT_EQ(paths.at("html"), fs::path("/out/gemm.html"));
  const std::vector<NamedPath> named = paths.named();
  ASSERT_EQ(named.size(), 4u);
  EXPECT_EQ(named[1].path, fs::path("/elsewhere/mine.xml"));
  EXPECT_EQ(named[1].role, "the JUnit report");
  ReportPaths none;
  none.fill_defaults("", "gemm");  // no folder: nothing set
  EXPECT_TRUE(none.at("json").empty() && none.at("junit").empty() && none.at("markdown").empty() && none.at("html").empty());
  EXPECT_THROW(none["html?"], std::out_of_range);  // only writers' flags
}

// The stage does what the suite binary and `perfgate compare` did each on
// its own: suggestions, exit code, the table, every report, rendered alike.
TEST(GateStage, ExplainsGatesPrintsAndWritesEveryReport) {
  const Results base = results("host", {benchmark("slow", lognormal_samples(1e-3, 0.01, 10, 1))});
  const Results cur = results("host", {benchmark("slow", lognormal_samples(2e-3, 0.01, 10, 3))});
  Comparison comparison = compare_results(base, cur);
  const fs::path folder = fs::temp_directory_path() / ("perfgate-gate-stage-" + std::to_string(::getpid()));
  fs::create_directories(folder);
  ReportPaths paths;
  paths.fill_defaults(folder, "s");
  std::ostringstream console;
  const int exit_code = gate_stage(comparison, cur, &base, {}, paths, console);
  EXPECT_EQ(exit_code, gate_exit_code(comparison));
  EXPECT_EQ(exit_code, kExitRegression);
  std::ostringstream table;
  print_comparison_table(table, comparison, exit_code);
  EXPECT_EQ(console.str(), table.str());
  for (const ReportWriter& writer : report_writers())
    EXPECT_EQ(read(paths.at(writer.flag)), render_report(writer, {comparison, exit_code, &cur, &base})) << writer.name;
  fs::remove_all(folder);
}

TEST(GateStage, UnknownRuleIsAnInputErrorBeforeAnyReport) {
  const Results cur = results("host", {benchmark("a", lognormal_samples(1e-3, 0.01, 10, 1))});
  Comparison comparison = compare_results(cur, cur);
  std::ostringstream console;
  EXPECT_THROW(gate_stage(comparison, cur, &cur, ExplainSettings{std::set<std::string>{"no-such-rule"}, {}}, ReportPaths{}, console), InputError);
  EXPECT_TRUE(console.str().empty());
}

}  // namespace
}  // namespace perfgate
