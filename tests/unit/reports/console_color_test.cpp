#include "perfgate/reports/console_color.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "perfgate/reports/console_table.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

// https://no-color.org: any non-empty NO_COLOR turns colour off; an empty
// one does not.  Only a terminal gets colour unless the environment forces it.
TEST(ConsoleColor, OnlyATerminalWithoutNoColor) {
  EXPECT_TRUE(color_allowed(true, {}));
  EXPECT_TRUE(color_allowed(true, {.no_color = ""}));
  EXPECT_FALSE(color_allowed(true, {.no_color = "1"}));
  EXPECT_FALSE(color_allowed(true, {.no_color = "0"})) << "any value, even 0";
  EXPECT_FALSE(color_allowed(false, {}));
  EXPECT_FALSE(color_allowed(false, {.no_color = ""}));
}

// Issue 43: a CI log viewer renders colour, but perfgate's output is piped
// there: FORCE_COLOR and CLICOLOR_FORCE turn it on without a terminal;
// NO_COLOR still wins; "0" (and FORCE_COLOR's "false") turn it off.
TEST(ConsoleColor, ForceColorAndClicolorForceColourAPipe) {
  EXPECT_TRUE(color_allowed(false, {.force_color = "1"}));
  EXPECT_TRUE(color_allowed(false, {.force_color = "3"}));
  EXPECT_FALSE(color_allowed(false, {.force_color = ""})) << "empty is unset";
  EXPECT_FALSE(color_allowed(true, {.force_color = "0"}));
  EXPECT_FALSE(color_allowed(true, {.force_color = "false"}));
  EXPECT_TRUE(color_allowed(false, {.clicolor_force = "1"}));
  EXPECT_FALSE(color_allowed(false, {.clicolor_force = "0"}));
  EXPECT_FALSE(color_allowed(false, {.no_color = "1", .force_color = "1"})) << "NO_COLOR wins";
  EXPECT_FALSE(color_allowed(false, {.no_color = "1", .clicolor_force = "1"}));
  EXPECT_FALSE(color_allowed(true, {.clicolor = "0"}));
  EXPECT_TRUE(color_allowed(true, {.clicolor = "1"}));
  EXPECT_FALSE(color_allowed(false, {.clicolor = "1"})) << "CLICOLOR alone needs a terminal";
}

TEST(ConsoleColor, AStreamThatIsNoTerminalGetsNone) {
  std::ostringstream out;
  EXPECT_FALSE(color_wanted(out));
}

TEST(ConsoleColor, VerdictWordsInTheirColour) {
  EXPECT_EQ(colored(Verdict::regression, "REGRESSION (confirmed)"), "\033[31mREGRESSION (confirmed)\033[0m");
  EXPECT_EQ(colored(Verdict::error, "ERROR"), "\033[31mERROR\033[0m");
  EXPECT_EQ(colored(Verdict::improvement, "IMPROVEMENT"), "\033[32mIMPROVEMENT\033[0m");
  EXPECT_EQ(colored(Verdict::inconclusive, "INCONCLUSIVE"), "\033[33mINCONCLUSIVE\033[0m");
  EXPECT_EQ(colored(Verdict::no_change, "NO_CHANGE"), "NO_CHANGE");
  EXPECT_EQ(colored(Verdict::skipped, "SKIPPED"), "SKIPPED");
}

// A CI log or a file: the table as plain text.
TEST(ConsoleColor, TheTableIntoAFileHasNoEscapes) {
  const Results base = testing::results("s", {testing::benchmark("a", testing::lognormal_samples(1e-3, 0.01, 10, 1))});
  const Results cur = testing::results("s", {testing::benchmark("a", testing::lognormal_samples(2e-3, 0.01, 10, 2))});
  std::ostringstream out;
  print_comparison_table(out, compare_results(base, cur), 1);
  EXPECT_NE(out.str().find("REGRESSION"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find('\033'), std::string::npos) << out.str();
}

}  // namespace
}  // namespace perfgate
