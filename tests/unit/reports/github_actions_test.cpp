// Issue 43: GitHub Actions annotations, one per failing or suspect case, in
// the workflow-command syntax the runner parses; names from files escaped.
#include "perfgate/reports/github_actions.hpp"

#include <cstdlib>
#include <sstream>

#include <gtest/gtest.h>

#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/gate/reference.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

Comparison slow_and_steady() {
  const Results base = results("host", {benchmark("sort/4096", lognormal_samples(1e-3, 0.01, 10, 1)),
                                        benchmark("copy/64", lognormal_samples(1e-3, 0.01, 10, 2))});
  const Results cur = results("host", {benchmark("sort/4096", lognormal_samples(2e-3, 0.01, 10, 3)),
                                       benchmark("copy/64", lognormal_samples(1e-3, 0.01, 10, 4))});
  Comparison c = compare_results(base, cur);
  c.reference = build_reference("0123456789abcdef", "build-ref", "build");
  return c;
}

TEST(GithubAnnotations, OneErrorLineForTheRegressionNamingChangeIntervalReferenceAndReport) {
  const Comparison c = slow_and_steady();
  ASSERT_EQ(c.find("sort/4096")->verdict, Verdict::regression);
  const std::string lines = github_annotations(c, "out/host.html");
  const Evidence& e = *c.find("sort/4096")->evidence;
  // The message's '%' is written %25, as the runner reads it back.
  std::string message = "host sort/4096: " + format_change(e.ratio) + ", 99% interval of the ratio " + format_interval(e) +
                        ", q = " + format_probability(e.q_value) + "; against " + reference_text(c) + "; report: out/host.html";
  for (std::size_t at = message.find('%'); at != std::string::npos; at = message.find('%', at + 3)) message.replace(at, 1, "%25");
  EXPECT_EQ(lines, "::error title=perfgate REGRESSION%3A sort/4096::" + message + "\n");
  EXPECT_NE(lines.find("%25 interval"), std::string::npos) << lines;
}

TEST(GithubAnnotations, NothingForAPassAndAWarningForASuspect) {
  const Results r = results("host", {benchmark("a", lognormal_samples(1e-3, 0.01, 10, 1))});
  Comparison pass = compare_results(r, r);
  EXPECT_EQ(github_annotations(pass, ""), "");
  pass.benchmarks[0].suspect = SuspectChange{};
  pass.benchmarks[0].reason = "SUSPECT: slower beyond the suite's spread";
  const std::string warning = github_annotations(pass, "");
  EXPECT_EQ(warning.rfind("::warning title=perfgate SUSPECT%3A a::host a: ", 0), 0u) << warning;
  EXPECT_NE(warning.find("; SUSPECT: slower beyond the suite's spread; against "), std::string::npos) << warning;
  pass.benchmarks[0].ignored = true;  // reported, never gated: no annotation
  EXPECT_EQ(github_annotations(pass, ""), "");
}

// A name is text from a file: its ':' and ',' would end the title property,
// '%' would start an escape, and a line break would start a forged command.
TEST(GithubAnnotations, NamesAreEscapedAsTheSyntaxNeeds) {
  Comparison c = slow_and_steady();
  c.benchmarks[0].name = "sort:a,b%c";
  const std::string lines = github_annotations(c, "");
  EXPECT_NE(lines.find("::error title=perfgate REGRESSION%3A sort%3Aa%2Cb%25c::host sort:a,b%25c: "), std::string::npos)
      << lines;
  c.benchmarks[0].name = "x\n::error title=forged::all good";
  const std::string forged = github_annotations(c, "");
  EXPECT_EQ(forged.find('\n'), forged.size() - 1) << "one line: " << forged;
  EXPECT_EQ(forged.find("\n::error title=forged"), std::string::npos) << forged;
}

TEST(GithubAnnotations, OnlyInAGithubActionsJobUnlessTurnedOff) {
  ::setenv("GITHUB_ACTIONS", "true", 1);
  ::unsetenv("PERFGATE_ANNOTATIONS");
  EXPECT_TRUE(in_github_actions());
  ::setenv("PERFGATE_ANNOTATIONS", "0", 1);
  EXPECT_FALSE(in_github_actions());
  ::unsetenv("PERFGATE_ANNOTATIONS");
  ::setenv("GITHUB_ACTIONS", "false", 1);
  EXPECT_FALSE(in_github_actions());
  ::unsetenv("GITHUB_ACTIONS");
  EXPECT_FALSE(in_github_actions());
}

TEST(GithubStepSummary, AppendsAndKeepsWhatWasThereOrSaysWhyNot) {
  const testing::TempDir dir;
  const auto file = dir / "summary.md";
  testing::write_text(file, "earlier\n");
  ::setenv("GITHUB_STEP_SUMMARY", file.c_str(), 1);
  std::ostringstream notes;
  append_step_summary("### perfgate", notes);
  EXPECT_EQ(testing::read_text(file), "earlier\n### perfgate\n");
  EXPECT_EQ(notes.str(), "");
  ::setenv("GITHUB_STEP_SUMMARY", (dir / "no-such-folder/summary.md").c_str(), 1);
  append_step_summary("### perfgate", notes);
  EXPECT_NE(notes.str().find("could not append the summary to GITHUB_STEP_SUMMARY"), std::string::npos) << notes.str();
  ::setenv("GITHUB_STEP_SUMMARY", "", 1);  // perfgate run's suites: nothing appended
  append_step_summary("### perfgate", notes);
  ::unsetenv("GITHUB_STEP_SUMMARY");
  EXPECT_EQ(testing::read_text(file), "earlier\n### perfgate\n");
}

TEST(GithubAnnotations, TheReportToOpenIsTheHtmlPageElseMarkdownElseJunit) {
  EXPECT_EQ(report_to_open("a.html", "a.md", "a.xml"), "a.html");
  EXPECT_EQ(report_to_open("", "a.md", "a.xml"), "a.md");
  EXPECT_EQ(report_to_open("", "", "a.xml"), "a.xml");
  EXPECT_EQ(report_to_open("", "", ""), "");
}

}  // namespace
}  // namespace perfgate
