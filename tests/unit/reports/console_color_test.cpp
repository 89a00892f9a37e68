#include "perfgate/reports/console_color.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "perfgate/reports/console_table.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

// https://no-color.org: any non-empty NO_COLOR turns colour off; an empty
// one does not.  Only a terminal gets colour.
TEST(ConsoleColor, OnlyATerminalWithoutNoColor) {
  EXPECT_TRUE(color_allowed(true, nullptr));
  EXPECT_TRUE(color_allowed(true, ""));
  EXPECT_FALSE(color_allowed(true, "1"));
  EXPECT_FALSE(color_allowed(true, "0")) << "any value, even 0";
  EXPECT_FALSE(color_allowed(false, nullptr));
  EXPECT_FALSE(color_allowed(false, ""));
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
