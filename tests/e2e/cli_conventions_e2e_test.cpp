// The perfgate program's command-line conventions, on the built binary:
// --version, the exit codes in --help, the unknown-subcommand message, the
// usage for a missing subcommand, "-" for standard input, one error style,
// and the bash completion and man page made from the command tree.

#include <algorithm>
#include <filesystem>
#include <sstream>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/formats/results_io.hpp"
#include "perfgate/model/version.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

using nlohmann::json;
using testing::benchmark;
using testing::lognormal_samples;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;
using testing::write_text;

const std::string kCli = shell_word(PERFGATE_CLI);

testing::CommandResult perfgate(const std::string& args) { return run_shell(kCli + " " + args); }
// Only what the command writes on stderr (stdout dropped).
testing::CommandResult perfgate_stderr(const std::string& args) { return run_shell("{ " + kCli + " " + args + " 2>&1 >/dev/null; }"); }
// Only what it writes on stdout.
testing::CommandResult perfgate_stdout(const std::string& args) { return run_shell("{ " + kCli + " " + args + " 2>/dev/null; }"); }

std::size_t lines(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

Results host_run(double factor, std::uint64_t seed) {
  return testing::results("host", {benchmark("sort/4096", lognormal_samples(1e-3 * factor, 0.01, 10, seed)),
                                   benchmark("copy/4096", lognormal_samples(5e-4, 0.01, 10, seed + 1))});
}

class CliConventions : public ::testing::Test {
 protected:
  std::string path(const std::string& name) const { return shell_word((dir_ / name).string()); }
  void write(const std::string& name, const Results& r) { write_text(dir_ / name, results_to_json(r)); }
  TempDir dir_;
};

TEST(CliVersion, PrintsTheProjectVersion) {
  const auto run = perfgate("--version");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(run.output, std::string("perfgate ") + version() + "\n");
}

TEST(CliHelp, ExitCodesInTheFooterOfTheProgramAndTheGates) {
  for (const char* command : {"", "compare ", "ab ", "run "}) {
    const auto run = perfgate(std::string(command) + "--help");
    EXPECT_EQ(run.exit_code, 0) << command << run.output;
    for (const char* code : {"Exit codes:", "\n  0   pass", "\n  1   a regression", "\n  2   harness or input error",
                             "\n  77  skipped"})
      EXPECT_NE(run.output.find(code), std::string::npos) << "perfgate " << command << "--help lacks " << code << "\n"
                                                          << run.output;
  }
  EXPECT_NE(perfgate("--help").output.find("'-' reads it from standard input"), std::string::npos);
}

// Issue 42: a command that judges nothing must not list the gate's pass and
// regression (1 read as a verdict); it says its own 0 and 2.
TEST(CliHelp, CommandsThatDoNotGateListNoGateExitCodes) {
  for (const char* command : {"history show", "history report", "history prune", "history ingest",
                              "baseline show", "baseline promote", "baseline update", "device", "suggest", "comment"}) {
    const auto run = perfgate(std::string(command) + " --help");
    EXPECT_EQ(run.exit_code, 0) << command << run.output;
    for (const char* gate : {"pass:", "\n  1   ", "a regression", "SKIP_RETURN_CODE", "compare, ab, run and report"})
      EXPECT_EQ(run.output.find(gate), std::string::npos) << "perfgate " << command << " --help has " << gate << "\n"
                                                          << run.output;
    for (const char* own : {"Exit codes:\n  0   done\n", "\n  2   harness or input error", "'-' reads it from standard input"})
      EXPECT_NE(run.output.find(own), std::string::npos) << "perfgate " << command << " --help lacks " << own << "\n"
                                                         << run.output;
  }
  EXPECT_NE(perfgate("baseline update --help").output.find("\n  77  no suite could run here"), std::string::npos);
  EXPECT_NE(perfgate("report --help").output.find("\n  1   a regression"), std::string::npos) << "report gates";
}

// history changes is an alert under --fail-on regression (issue 43): its
// own 1, none of the gate's words.
TEST(CliHelp, HistoryChangesListsTheAlertsExitCodes) {
  const auto run = perfgate("history changes --help");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  for (const char* own : {"Exit codes:\n  0   done; under --fail-on regression, no regression left standing\n",
                          "\n  1   under --fail-on regression: a listed change is slower",
                          "\n  2   harness or input error", "'-' reads it from standard input"})
    EXPECT_NE(run.output.find(own), std::string::npos) << "lacks " << own << "\n" << run.output;
  for (const char* gate : {"pass:", "SKIP_RETURN_CODE", "compare, ab, run and report"})
    EXPECT_EQ(run.output.find(gate), std::string::npos) << "has " << gate << "\n" << run.output;
}

TEST(CliSubcommand, TypoIsNamedWithTheClosestSubcommand) {
  const auto run = perfgate("comapre a.json b.json");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(run.output, "perfgate: error: unknown subcommand 'comapre' (did you mean 'compare'?)\n");
  const auto nested = perfgate("baseline shwo");
  EXPECT_EQ(nested.exit_code, 2);
  EXPECT_EQ(nested.output, "perfgate: error: unknown subcommand 'baseline shwo' (did you mean 'baseline show'?)\n");
  const auto far = perfgate("xyzzy");
  EXPECT_EQ(far.exit_code, 2);
  EXPECT_EQ(far.output, "perfgate: error: unknown subcommand 'xyzzy' (see perfgate --help)\n");
}

TEST(CliSubcommand, NoneGivenPrintsTheUsageAndExits2) {
  const auto run = perfgate_stderr("");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("compare"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Exit codes:"), std::string::npos) << run.output;
  const std::string last = run.output.substr(run.output.rfind('\n', run.output.size() - 2) + 1);
  EXPECT_EQ(last.rfind("perfgate: error: perfgate needs a subcommand: compare, ", 0), 0u) << last;
  EXPECT_EQ(perfgate_stdout("").output, "") << "nothing on stdout";
  const auto nested = perfgate_stderr("history");
  EXPECT_EQ(nested.exit_code, 2);
  EXPECT_NE(nested.output.find("perfgate: error: perfgate history needs a subcommand: ingest, "), std::string::npos)
      << nested.output;
}

TEST_F(CliConventions, CompareReadsEitherSideFromStandardInput) {
  write("base.json", host_run(1.0, 1));
  write("slow.json", host_run(1.5, 100));
  const auto from_stdin = perfgate("compare - " + path("slow.json") + " --json " + path("c.json") + " < " + path("base.json"));
  EXPECT_EQ(from_stdin.exit_code, 1) << from_stdin.output;
  const json comparison = json::parse(read_text(dir_ / "c.json"));
  EXPECT_EQ(comparison["baseline"]["origin"], "<stdin>");
  EXPECT_EQ(comparison["perfgate_version"], version());
  const auto current = perfgate("compare " + path("base.json") + " - < " + path("slow.json"));
  EXPECT_EQ(current.exit_code, 1) << current.output;
  const auto same = perfgate("compare " + path("base.json") + " - < " + path("base.json"));
  EXPECT_EQ(same.exit_code, 0) << same.output;
}

TEST_F(CliConventions, StandardInputIsReadOnce) {
  write("base.json", host_run(1.0, 1));
  const auto run = perfgate("compare - - < " + path("base.json"));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(run.output, "perfgate: error: standard input ('-') can be read once; compare's BASE and CURRENT names it 2 times\n");
}

TEST_F(CliConventions, BadStandardInputIsOneLineNamingIt) {
  write("base.json", host_run(1.0, 1));
  const auto run = run_shell("echo 'not json' | " + kCli + " compare " + path("base.json") + " -");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(run.output.rfind("perfgate: error: <stdin>: ", 0), 0u) << run.output;
  EXPECT_EQ(lines(run.output), 1u) << run.output;
}

TEST_F(CliConventions, ReportReadsTheComparisonFromStandardInput) {
  write("base.json", host_run(1.0, 1));
  write("slow.json", host_run(1.5, 100));
  ASSERT_EQ(perfgate("compare " + path("base.json") + " " + path("slow.json") + " --json " + path("c.json")).exit_code, 1);
  const auto run = perfgate("report - --markdown " + path("run.md") + " --html " + path("run.html") + " < " + path("c.json"));
  EXPECT_EQ(run.exit_code, 1) << "the gate's code of what it read: " << run.output;
  const std::string md = read_text(dir_ / "run.md");
  EXPECT_NE(md.find("FAIL (exit 1)"), std::string::npos) << md;
  EXPECT_NE(md.find(std::string("judged by perfgate ") + version()), std::string::npos) << md;
  EXPECT_NE(read_text(dir_ / "run.html").find("sort/4096"), std::string::npos);
}

TEST_F(CliConventions, SuggestAndBaselineShowReadStandardInput) {
  write("base.json", host_run(1.0, 1));
  const auto show = perfgate("baseline show - < " + path("base.json"));
  EXPECT_EQ(show.exit_code, 0) << show.output;
  EXPECT_EQ(show.output.rfind("<stdin>\n  suite host", 0), 0u) << show.output;
  const auto suggest = perfgate("suggest - --json < " + path("base.json"));
  EXPECT_EQ(suggest.exit_code, 0) << suggest.output;
  EXPECT_TRUE(json::parse(suggest.output).is_array()) << suggest.output;
}

TEST_F(CliConventions, HistoryIngestReadsStandardInput) {
  write("base.json", host_run(1.0, 1));
  const auto run = perfgate("history ingest - --history " + path("h.sqlite") + " < " + path("base.json"));
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find(": 1 run(s) added, 0 already there"), std::string::npos) << run.output;
  const auto twice = perfgate("history ingest - " + path("base.json") + " - --history " + path("h.sqlite") + " < " + path("base.json"));
  EXPECT_EQ(twice.exit_code, 2) << twice.output;
  EXPECT_EQ(twice.output, "perfgate: error: standard input ('-') can be read once; history ingest's FILES names it 2 times\n");
}

// Issue 42: the history is --history on every command; --db (history),
// --from-history (baseline update) and --disable (suggest) still work for
// one release, hidden, each use one note on stderr.
TEST_F(CliConventions, OldSpellingsWorkWithANoteAndAreHidden) {
  write("base.json", host_run(1.0, 1));
  const auto ingested = perfgate_stderr("history ingest - --db " + path("h.sqlite") + " < " + path("base.json"));
  EXPECT_EQ(ingested.exit_code, 0) << ingested.output;
  EXPECT_EQ(ingested.output, "perfgate: note: --db is now --history; the old spelling goes in the next release\n");
  const auto shown = perfgate_stdout("history show sort/4096 --kind main --history " + path("h.sqlite"));
  EXPECT_EQ(shown.exit_code, 0) << shown.output;
  EXPECT_NE(shown.output.find("sort/4096"), std::string::npos) << "--db filled the file --history reads: " << shown.output;
  const auto from = perfgate_stderr("baseline update --from-history " + path("h.sqlite") + " --filter x");
  EXPECT_EQ(from.exit_code, 2) << "--from-history, like --history, refuses measuring flags: " << from.output;
  const auto suggest = perfgate_stderr("suggest " + path("base.json") + " --disable no-such-rule");
  EXPECT_EQ(suggest.exit_code, 2) << suggest.output;
  EXPECT_EQ(suggest.output.rfind("perfgate: note: --disable is now --suggest-disable; the old spelling goes in the next "
                                 "release\nperfgate: error: ",
                                 0),
            0u)
      << suggest.output;
  for (const char* hidden : {"history ingest", "history show", "baseline update", "suggest"})
    for (const char* old : {"--db", "--from-history", "--disable "})
      EXPECT_EQ(perfgate(std::string(hidden) + " --help").output.find(old), std::string::npos) << hidden << " shows " << old;
}

// Issue 41: `baseline promote -` was refused ("File does not exist: -")
// though '-' is promised wherever a subcommand reads a file.
TEST_F(CliConventions, BaselinePromoteReadsStandardInputOnce) {
  write("base.json", host_run(1.0, 1));
  const auto run = run_shell("env -u CI " + kCli + " baseline promote - --baseline-dir " + path("baselines") + " < " +
                             path("base.json") + " 2>&1");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  std::vector<std::filesystem::path> written;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir_ / "baselines"))
    if (entry.is_regular_file() && entry.path().filename() == "host.json") written.push_back(entry.path());
  ASSERT_EQ(written.size(), 1u) << run.output;
  const auto show = perfgate("baseline show " + written[0].string());
  EXPECT_NE(show.output.find("suite host"), std::string::npos) << show.output;
  const auto twice = run_shell("env -u CI " + kCli + " baseline promote - - --baseline-dir " + path("baselines") + " < " +
                               path("base.json") + " 2>&1");
  EXPECT_EQ(twice.exit_code, 2) << twice.output;
  EXPECT_EQ(twice.output, "perfgate: error: standard input ('-') can be read once; baseline promote's RESULTS names it 2 times\n");
}

// Every error: one line on stderr, "perfgate: error: ...", exit 2.
TEST_F(CliConventions, EveryErrorIsOneLineInOneStyle) {
  write("base.json", host_run(1.0, 1));
  const std::string base = path("base.json");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"compare " + base, "perfgate: error: compare: CURRENT is required (see perfgate compare --help)"},
      {"compare " + base + " " + base + " --threshold nan", "perfgate: error: compare: --threshold: "},
      {"compare --bogus " + base + " " + base, "perfgate: error: compare: "},
      {"compare " + path("missing.json") + " " + base, "perfgate: error: "},
      {"report " + path("missing.json"), "perfgate: error: report: COMPARISON: "},
      {"report " + base, "perfgate: error: report: nothing to write"},
      {"suggest", "perfgate: error: suggest: RESULTS is required (or --list)"},
      {"history show", "perfgate: error: history show: BENCHMARK is required"},
      {"completion zsh", "perfgate: error: completion: SHELL: "},
      {"run --report-url 'javascript:alert(1)'", "perfgate: error: run: --report-url: "},
      {"report " + base + " --report-dir " + path("r") + " --dashboard-url ftp://x", "perfgate: error: report: --dashboard-url: "},
      {"comment " + base + " --report-url file:///etc/passwd", "perfgate: error: comment: --report-url: "},
      {"--bogus", "perfgate: error: "},
  };
  for (const auto& [args, start] : cases) {
    const auto run = perfgate_stderr(args);
    EXPECT_EQ(run.exit_code, 2) << args << "\n" << run.output;
    EXPECT_EQ(run.output.rfind(start, 0), 0u) << args << "\n" << run.output;
    EXPECT_EQ(lines(run.output), 1u) << args << "\n" << run.output;
  }
}

// The completion script made from the command tree: valid bash, and it
// completes subcommands, nested ones and flags.
class CliCompletion : public CliConventions {
 protected:
  void SetUp() override {
    const auto run = perfgate("completion bash --output " + path("perfgate.bash"));
    ASSERT_EQ(run.exit_code, 0) << run.output;
  }
  // COMPREPLY for the words typed so far (the last one is being completed).
  std::string complete(const std::string& words) {
    const std::string script = "source " + path("perfgate.bash") + "; COMP_WORDS=(" + words + "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); "
                               "_perfgate; printf '%s\\n' \"${COMPREPLY[@]}\" | sort";
    const auto run = run_shell("cd " + path("") + " && bash -c " + shell_word(script));
    EXPECT_EQ(run.exit_code, 0) << run.output;
    return run.output;
  }
};

TEST_F(CliCompletion, IsValidBash) {
  const auto run = run_shell("bash -n " + path("perfgate.bash"));
  EXPECT_EQ(run.exit_code, 0) << run.output;
}

TEST_F(CliCompletion, CompletesSubcommandsAndFlags) {
  EXPECT_EQ(complete("perfgate co"), "comment\ncompare\n");
  EXPECT_EQ(complete("perfgate com"), "comment\ncompare\n");
  EXPECT_EQ(complete("perfgate comp"), "compare\n");
  EXPECT_EQ(complete("perfgate baseline ''"), "promote\nshow\nupdate\n");
  EXPECT_EQ(complete("perfgate history in"), "ingest\n");
  EXPECT_EQ(complete("perfgate compare --ju"), "--junit\n");
  EXPECT_EQ(complete("perfgate --ver"), "--version\n");
  write_text(dir_ / "results.json", "{}");
  EXPECT_EQ(complete("perfgate compare --json res"), "results.json\n") << "a flag's value: a file name";
  EXPECT_EQ(complete("perfgate compare res"), "results.json\n") << "an argument: a file name";
}

TEST_F(CliCompletion, TheBuildMadeTheSameScript) {
  // What tools/CMakeLists.txt generates and installs (share/bash-completion/completions/perfgate).
  const std::filesystem::path built = std::filesystem::path(PERFGATE_CLI_DOCS) / "bash-completion/completions/perfgate";
  ASSERT_TRUE(std::filesystem::is_regular_file(built)) << built;
  EXPECT_EQ(read_text(built), read_text(dir_ / "perfgate.bash"));
}

// The subcommands `perfgate [path] --help` lists, each with its own below
// it ("perfgate baseline update"): the tree as a user sees it.
std::vector<std::string> listed_subcommands(const std::string& path = "") {
  std::istringstream help(perfgate(path + " --help").output);
  std::vector<std::string> found;
  bool listing = false;
  for (std::string line; std::getline(help, line);) {
    if (line == "Subcommands:") listing = true;
    else if (line.empty()) listing = false;
    else if (listing && line.rfind("  ", 0) == 0) {
      const std::string name = line.substr(2, line.find(' ', 2) - 2);
      const std::string full = path.empty() ? name : path + " " + name;
      found.push_back("perfgate " + full);
      for (const std::string& below : listed_subcommands(full)) found.push_back(below);
    }
  }
  return found;
}

// The man page renders and names every subcommand.
TEST_F(CliConventions, ManPageRendersAndNamesEverySubcommand) {
  ASSERT_EQ(perfgate("man --output " + path("perfgate.1")).exit_code, 0);
  const std::filesystem::path built = std::filesystem::path(PERFGATE_CLI_DOCS) / "man/man1/perfgate.1";
  ASSERT_TRUE(std::filesystem::is_regular_file(built)) << built;
  EXPECT_EQ(read_text(built), read_text(dir_ / "perfgate.1"));
  if (run_shell("command -v groff").exit_code != 0) GTEST_SKIP() << "groff is not installed: the page is not rendered";
  const auto rendered = run_shell("groff -man -Tutf8 -ww -z " + path("perfgate.1") + " && groff -man -Tascii " + path("perfgate.1") +
                                  " | col -b");
  ASSERT_EQ(rendered.exit_code, 0) << rendered.output;
  EXPECT_EQ(rendered.output.find("warning"), std::string::npos) << rendered.output;
  const std::vector<std::string> commands = listed_subcommands();
  EXPECT_GE(commands.size(), 16u) << "the help lists fewer subcommands than perfgate has";
  for (const std::string& command : commands) {
    const std::string heading = "\n   " + command;  // a section's heading, then its arguments or the line's end
    const bool found = rendered.output.find(heading + " ") != std::string::npos || rendered.output.find(heading + "\n") != std::string::npos;
    EXPECT_TRUE(found) << command << " missing from\n" << rendered.output;
  }
  for (const char* part : {"EXIT STATUS", "--threshold", "--version"})
    EXPECT_NE(rendered.output.find(part), std::string::npos) << part << " missing from\n" << rendered.output;
}

// Issue 43: piped into a CI log that renders ANSI, FORCE_COLOR and
// CLICOLOR_FORCE colour the verdict words; NO_COLOR beside them wins; no
// variable at all leaves a pipe plain.
TEST(CliColor, ForceColorColoursThePipedTableAndNoColorWins) {
  TempDir dir;
  save_results(testing::results("s", {benchmark("a", lognormal_samples(1e-3, 0.01, 20, 1))}), dir / "base.json");
  save_results(testing::results("s", {benchmark("a", lognormal_samples(2e-3, 0.01, 20, 2))}), dir / "cur.json");
  const std::string files = shell_word((dir / "base.json").string()) + " " + shell_word((dir / "cur.json").string());
  const auto table = [&](const std::string& environment) {
    return run_shell("env -u NO_COLOR -u FORCE_COLOR -u CLICOLOR_FORCE -u CLICOLOR " + environment + " " + kCli +
                     " compare " + files + " 2>/dev/null");
  };
  const std::string red = "\033[31mREGRESSION";
  for (const std::string forced : {"FORCE_COLOR=1", "CLICOLOR_FORCE=1"}) {
    const auto run = table(forced);
    EXPECT_EQ(run.exit_code, 1) << run.output;
    EXPECT_NE(run.output.find(red), std::string::npos) << forced << "\n" << run.output;
    EXPECT_EQ(table("NO_COLOR=1 " + forced).output.find('\033'), std::string::npos) << forced;
  }
  const auto plain = table("");
  EXPECT_NE(plain.output.find("REGRESSION"), std::string::npos) << plain.output;
  EXPECT_EQ(plain.output.find('\033'), std::string::npos) << plain.output;
}

// Issue 43: perfgate compare in a GitHub Actions job: the regression's
// annotation on stdout naming the report asked for, the Markdown summary
// appended to the step's page; outside one, neither.
TEST(CliGithub, CompareAnnotatesTheRegressionAndAppendsTheStepSummary) {
  TempDir dir;
  save_results(testing::results("s", {benchmark("a", lognormal_samples(1e-3, 0.01, 20, 1)),
                                      benchmark("b", lognormal_samples(1e-3, 0.01, 20, 3))}), dir / "base.json");
  save_results(testing::results("s", {benchmark("a", lognormal_samples(2e-3, 0.01, 20, 2)),
                                      benchmark("b", lognormal_samples(1e-3, 0.01, 20, 4))}), dir / "cur.json");
  write_text(dir / "step.md", "before\n");
  const std::string compare = kCli + " compare " + shell_word((dir / "base.json").string()) + " " +
                              shell_word((dir / "cur.json").string()) + " --markdown " +
                              shell_word((dir / "s.md").string()) + " 2>/dev/null";
  const auto run = run_shell("PERFGATE_ANNOTATIONS= GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY=" + shell_word((dir / "step.md").string()) +
                             " " + compare);
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("\n::error title=perfgate REGRESSION%3A a::s a: +"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("; report: " + (dir / "s.md").string() + "\n"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("REGRESSION%3A b"), std::string::npos) << run.output;
  EXPECT_EQ(read_text(dir / "step.md"), "before\n" + read_text(dir / "s.md") + "\n");
  const auto outside = run_shell("env -u GITHUB_ACTIONS GITHUB_STEP_SUMMARY=" + shell_word((dir / "step.md").string()) +
                                 " " + compare);
  EXPECT_EQ(outside.exit_code, 1) << outside.output;
  EXPECT_EQ(outside.output.find("::error"), std::string::npos) << outside.output;
  EXPECT_EQ(read_text(dir / "step.md"), "before\n" + read_text(dir / "s.md") + "\n") << "appended once";
}

}  // namespace
}  // namespace perfgate
