// Suggestions in every report: the console, the Markdown, the comparison
// JSON, and the JUnit system-out of the case they concern; nothing when
// there are none.

#include <sstream>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/gate/comparison_json.hpp"
#include "perfgate/reports/console_table.hpp"
#include "perfgate/reports/junit_writer.hpp"
#include "perfgate/reports/markdown_writer.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "results_builder.hpp"
#include "xml_document.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

Suggestion make(std::string rule, std::string benchmark, Priority priority, std::string evidence, double factor,
                bool measured, std::string gain, std::string hint) {
  Suggestion s;
  s.rule = std::move(rule);
  s.benchmark = std::move(benchmark);
  s.priority = priority;
  s.evidence = std::move(evidence);
  s.expected_gain.factor = factor;
  s.expected_gain.measured = measured;
  s.expected_gain.text = std::move(gain);
  s.hint = std::move(hint);
  return s;
}

Comparison with_suggestions(bool any) {
  const Results r = results("gemm", {benchmark("gemm/fp32/4096", lognormal_samples(2e-3, 0.01, 10, 1)),
                                     benchmark("gemm/bf16/4096", lognormal_samples(1.4e-4, 0.01, 10, 2))});
  Comparison c = compare_results(r, r);
  if (any) {
    c.suggestions.push_back(make("faster-precision", "gemm/fp32/4096", Priority::high, "FP32 2 ms, BF16 0.14 ms", 14.3,
                                 true, "BF16 ran 14.3x faster than FP32 at this shape on this device",
                                 "use BF16 inputs with FP32 accumulation (relative error ~1e-2)"));
    c.suggestions.push_back(make("noisy", "gemm/bf16/4096", Priority::medium, "robust CV 4.1% over 10 repetitions", 0.0,
                                 false, "none: makes the gate sharper", "more repetitions <&>"));
  }
  return c;
}

TEST(SuggestionsReport, HeadlineSaysPriorityRuleAndGainAndLabelsEstimates) {
  const Comparison c = with_suggestions(true);
  EXPECT_EQ(suggestion_headline(c.suggestions[0]),
            "[high] faster-precision: BF16 ran 14.3x faster than FP32 at this shape on this device");
  EXPECT_EQ(suggestion_headline(c.suggestions[1]), "[medium] noisy: none: makes the gate sharper");
  Suggestion estimated = c.suggestions[0];
  estimated.expected_gain = {2.0, false, "2x if it reached 60% of the bandwidth ceiling"};
  EXPECT_EQ(suggestion_headline(estimated), "[high] faster-precision: estimate: 2x if it reached 60% of the bandwidth ceiling");
}

TEST(SuggestionsReport, ConsoleListsThemAfterTheTable) {
  std::ostringstream out;
  print_comparison_table(out, with_suggestions(true), 0);
  const std::string text = out.str();
  const auto block = text.find("\nSuggestions:\n");
  ASSERT_NE(block, std::string::npos) << text;
  EXPECT_GT(block, text.find("Benchmark"));
  EXPECT_NE(text.find("evidence: FP32 2 ms, BF16 0.14 ms", block), std::string::npos) << text;
  EXPECT_LT(text.find("faster-precision", block), text.find("noisy", block)) << "in the given order";
}

// Nothing failed: every suggestion is advice, folded under its count.
TEST(SuggestionsReport, MarkdownFoldsAdviceWhenNothingFailed) {
  const std::string md = comparison_to_markdown(with_suggestions(true), 0);
  EXPECT_EQ(md.find("### Suggestions"), std::string::npos) << md;
  const auto folded = md.find("<details><summary>Suggestions (2)</summary>");
  ASSERT_NE(folded, std::string::npos) << md;
  EXPECT_GT(md.find("| high | faster-precision | gemm/fp32/4096 |"), folded) << md;
  EXPECT_GT(md.find("| none: makes the gate sharper |"), folded) << md;
}

// Issue 43: the suggestions about a regression are shown after the
// regressions; the rest fold, so the advice is not taller than the failure.
TEST(SuggestionsReport, MarkdownShowsTheRegressionsSuggestionsAndFoldsTheRest) {
  const Results base = results("gemm", {benchmark("gemm/slow", lognormal_samples(1e-3, 0.01, 10, 1)),
                                        benchmark("gemm/other", lognormal_samples(1e-3, 0.01, 10, 2))});
  const Results cur = results("gemm", {benchmark("gemm/slow", lognormal_samples(2e-3, 0.01, 10, 3)),
                                       benchmark("gemm/other", lognormal_samples(1e-3, 0.01, 10, 4))});
  Comparison c = compare_results(base, cur);
  ASSERT_EQ(c.find("gemm/slow")->verdict, Verdict::regression);
  c.suggestions.push_back(make("regression-explained", "gemm/slow", Priority::critical, "median 1 ms -> 2 ms", 2.0,
                               true, "undone: 2x faster", "the time itself moved"));
  for (int i = 0; i < 3; ++i)
    c.suggestions.push_back(make("noisy", "gemm/other", Priority::medium, "robust CV " + std::to_string(4 + i) + "%", 0.0,
                                 false, "a sharper gate, not a faster case", "more repetitions"));
  const std::string md = comparison_to_markdown(c, 1);
  const auto regressions = md.find("#### Needs a look");
  const auto shown = md.find("### Suggestions\n");
  const auto folded = md.find("<details><summary>More Suggestions (3, about other cases)</summary>");
  ASSERT_NE(regressions, std::string::npos) << md;
  ASSERT_NE(shown, std::string::npos) << md;
  ASSERT_NE(folded, std::string::npos) << md;
  EXPECT_LT(regressions, shown);
  EXPECT_LT(shown, md.find("| critical | regression-explained | gemm/slow |")) << md;
  EXPECT_LT(md.find("| critical | regression-explained | gemm/slow |"), folded) << md;
  EXPECT_GT(md.find("| medium | noisy | gemm/other |"), folded) << md;
}

TEST(SuggestionsReport, ComparisonJsonCarriesEveryField) {
  const auto j = nlohmann::json::parse(comparison_to_json(with_suggestions(true), 0));
  ASSERT_EQ(j["suggestions"].size(), 2u);
  EXPECT_EQ(j["suggestions"][0]["rule"], "faster-precision");
  EXPECT_EQ(j["suggestions"][0]["priority"], "high");
  EXPECT_EQ(j["suggestions"][0]["expected_gain"]["factor"], 14.3);
  EXPECT_EQ(j["suggestions"][0]["expected_gain"]["measured"], true);
  EXPECT_EQ(j["suggestions"][1]["benchmark"], "gemm/bf16/4096");
}

TEST(SuggestionsReport, JunitPutsThemInTheSystemOutOfTheirCase) {
  const testing::XmlDocument junit(comparison_to_junit(with_suggestions(true), 0));
  ASSERT_TRUE(junit.well_formed()) << junit.error();
  const auto fp32 = junit.values("//testcase[@name='gemm/fp32/4096']/system-out");
  const auto bf16 = junit.values("//testcase[@name='gemm/bf16/4096']/system-out");
  ASSERT_EQ(fp32.size(), 1u);
  ASSERT_EQ(bf16.size(), 1u);
  EXPECT_NE(fp32[0].find("suggestion [high] faster-precision"), std::string::npos) << fp32[0];
  EXPECT_EQ(fp32[0].find("noisy"), std::string::npos) << fp32[0];
  EXPECT_NE(bf16[0].find("more repetitions <&>"), std::string::npos) << "escaped and read back: " << bf16[0];
}

TEST(SuggestionsReport, NothingWhenThereAreNone) {
  std::ostringstream out;
  print_comparison_table(out, with_suggestions(false), 0);
  EXPECT_EQ(out.str().find("Suggestions"), std::string::npos);
  EXPECT_EQ(comparison_to_markdown(with_suggestions(false), 0).find("Suggestions"), std::string::npos);
  EXPECT_FALSE(nlohmann::json::parse(comparison_to_json(with_suggestions(false), 0)).contains("suggestions"));
}

}  // namespace
}  // namespace perfgate
