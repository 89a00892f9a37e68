// Derived figures in every report: the comparison carries the current run's
// figures, and the console, Markdown and comparison JSON print each with its
// value and formula (and only when there are figures).

#include <sstream>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/gate/comparison_json.hpp"
#include "perfgate/reports/console_table.hpp"
#include "perfgate/reports/markdown_writer.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

const char* kFormula = "median(ew/eager) / median(ew/fused)";

Results run(bool with_figures) {
  Results r = results("elementwise", {benchmark("ew/eager", lognormal_samples(3e-3, 0.01, 10, 1)),
                                      benchmark("ew/fused", lognormal_samples(1e-3, 0.01, 10, 2))});
  if (!with_figures) return r;
  r.figures.push_back({"ew/fusion_speedup", 2.4137, "x", kFormula, {"ew/eager", "ew/fused"}, std::nullopt});
  r.figures.push_back({"ew/jit_break_even", std::nullopt, "calls", "median(c) / (median(s) - median(f))",
                       {"c", "s", "f"}, "'f' is not faster per call than 's'"});
  return r;
}

Comparison compared(bool with_figures) { return compare_results(run(false), run(with_figures)); }

TEST(DerivedFiguresReport, ComparisonCarriesTheCurrentRunsFigures) {
  Results base = run(true);
  base.figures[0].value = 1.0;  // the baseline's figures are not the ones reported
  const Comparison c = compare_results(base, run(true));
  ASSERT_EQ(c.figures.size(), 2u);
  EXPECT_EQ(c.figures[0].value, 2.4137);
}

TEST(DerivedFiguresReport, ValueHasThreeDigitsAndItsUnit) {
  EXPECT_EQ(format_figure_value({"a", 2.4137, "x", "", {}, std::nullopt}), "2.41x");
  EXPECT_EQ(format_figure_value({"a", 87.349, "%", "", {}, std::nullopt}), "87.3%");
  EXPECT_EQ(format_figure_value({"a", 16666.7, "calls", "", {}, std::nullopt}), "16667 calls");
  EXPECT_EQ(format_figure_value({"a", std::nullopt, "calls", "", {}, std::string("'b' failed")}), "n/a ('b' failed)");
}

TEST(DerivedFiguresReport, ConsoleListsEachFigureWithItsFormula) {
  std::ostringstream out;
  print_comparison_table(out, compared(true), 0);
  const std::string text = out.str();
  const auto block = text.find("\nDerived figures:\n");
  ASSERT_NE(block, std::string::npos) << text;
  EXPECT_GT(block, text.find("Benchmark")) << "after the table";
  const auto line = text.find("  ew/fusion_speedup", block);
  ASSERT_NE(line, std::string::npos) << text;
  const std::string first = text.substr(line, text.find('\n', line) - line);
  EXPECT_NE(first.find("2.41x"), std::string::npos) << first;
  EXPECT_NE(first.find(std::string("= ") + kFormula), std::string::npos) << first;
  EXPECT_NE(text.find("n/a ('f' is not faster per call than 's')", block), std::string::npos) << text;
}

TEST(DerivedFiguresReport, MarkdownTableEscapesCells) {
  Comparison c = compared(true);
  c.figures[0].name = "ew|fusion_speedup";
  const std::string md = comparison_to_markdown(c, 0);
  EXPECT_NE(md.find("### Derived figures\n\n| Figure | Value | Formula |\n"), std::string::npos) << md;
  EXPECT_NE(md.find("| ew\\|fusion\\_speedup | 2.41x | median(ew/eager) / median(ew/fused) |"), std::string::npos) << md;
  EXPECT_NE(md.find("| n/a ('f' is not faster per call than 's') |"), std::string::npos) << md;
}

TEST(DerivedFiguresReport, ComparisonJsonHasTheResultsFields) {
  const auto j = nlohmann::json::parse(comparison_to_json(compared(true), 0));
  ASSERT_EQ(j["figures"].size(), 2u);
  const auto& f = j["figures"][0];
  EXPECT_EQ(f["name"], "ew/fusion_speedup");
  EXPECT_EQ(f["value"], 2.4137);
  EXPECT_EQ(f["unit"], "x");
  EXPECT_EQ(f["formula"], kFormula);
  EXPECT_EQ(f["inputs"], nlohmann::json({"ew/eager", "ew/fused"}));
  EXPECT_FALSE(f.contains("missing"));
  EXPECT_FALSE(j["figures"][1].contains("value"));
  EXPECT_EQ(j["figures"][1]["missing"], "'f' is not faster per call than 's'");
}

TEST(DerivedFiguresReport, NoFiguresNoSection) {
  const Comparison c = compared(false);
  std::ostringstream out;
  print_comparison_table(out, c, 0);
  EXPECT_EQ(out.str().find("Derived figures"), std::string::npos) << out.str();
  EXPECT_EQ(comparison_to_markdown(c, 0).find("Derived figures"), std::string::npos);
  EXPECT_FALSE(nlohmann::json::parse(comparison_to_json(c, 0)).contains("figures"));
}

}  // namespace
}  // namespace perfgate
