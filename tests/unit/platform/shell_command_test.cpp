// A recorded command is quoted for a POSIX shell (issue 41): the SUSPECT
// re-run command that reports print runs, pasted, exactly the program and
// arguments it names, whatever a path from a results file holds.

#include "perfgate/platform/shell_command.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

TEST(ShellCommand, PlainWordsStayAsTheyAre) {
  EXPECT_EQ(shell_command({"build/perf_x", "--benchmark_out=x.json", "-v"}), "build/perf_x --benchmark_out=x.json -v");
}

TEST(ShellCommand, EachHostileWordIsQuotedWhole) {
  EXPECT_EQ(shell_word("/opt/$(touch${IFS}pwned)/perf_x"), "'/opt/$(touch${IFS}pwned)/perf_x'");
  EXPECT_EQ(shell_word("/opt/my benches/perf_x"), "'/opt/my benches/perf_x'");
  EXPECT_EQ(shell_word("/opt/it's/perf_x"), "'/opt/it'\\''s/perf_x'");
  EXPECT_EQ(shell_word("/opt/`id`/perf_x"), "'/opt/`id`/perf_x'");
  EXPECT_EQ(shell_word("x=y"), "'x=y'") << "a first word x=y would be an assignment";
  EXPECT_EQ(shell_word(""), "''");
}

TEST(ShellCommand, ControlBytesAndBlankRunsAreEscapedSoTheTextIsPrintableAscii) {
  EXPECT_EQ(shell_word("/opt/a\nb/perf_x"), "$'/opt/a\\x0ab/perf_x'");
  EXPECT_EQ(shell_word("a  b"), "$'a\\x20\\x20b'") << "HTML would show one blank";
  EXPECT_EQ(shell_word("it's\\\xc3\xa9"), "$'it\\'s\\\\\\xc3\\xa9'");
}

TEST(ShellCommand, AFlagKeepsItsNameBareAndQuotesItsValue) {
  EXPECT_EQ(shell_command({"p", "--benchmark_filter=^(a|b)$"}), "p --benchmark_filter='^(a|b)$'");
  EXPECT_EQ(shell_command({"p", "--a b=c"}), "p '--a b=c'");
}

TEST(ShellCommand, WordsReadBackExactly) {
  const std::vector<std::string> argv = {"/opt/$(touch${IFS}pwned)/perf_x", "/a b/c", "it's", "`id`", "a\nb", "x  y",
                                         "\xc3\xa9", "--f='q'", "", "plain"};
  EXPECT_EQ(shell_words(shell_command(argv)), argv);
}

TEST(ShellCommand, AnOldUnquotedCommandIsSplitAtBlanks) {
  EXPECT_EQ(shell_words("/opt/$(touch${IFS}pwned)/perf_x --benchmark_out=x.json"),
            (std::vector<std::string>{"/opt/$(touch${IFS}pwned)/perf_x", "--benchmark_out=x.json"}));
  EXPECT_EQ(shell_words("/opt/it's/perf_x --a"), (std::vector<std::string>{"/opt/it's/perf_x", "--a"}))
      << "an unbalanced quote: the old form";
  EXPECT_TRUE(shell_words("").empty());
}

}  // namespace
}  // namespace perfgate
