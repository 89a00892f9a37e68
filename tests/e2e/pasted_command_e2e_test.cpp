// Issue 41: the SUSPECT re-run command, pasted from any report (console,
// comparison JSON, HTML, Markdown) into bash, runs exactly the program the
// results file names with exactly the arguments printed, whatever the
// program's path holds ($(...), blanks, a quote, backticks, a newline), and
// nothing else: no `pwned` file appears.

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/formats/results_io.hpp"
#include "perfgate/platform/shell_command.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;

constexpr const char* kPhrase = "to judge them, re-run them with repetitions";

// Ten single-sample cases, b5 30% slower: b5 is SUSPECT (suspect_change.hpp).
void write_pair(const fs::path& base, const fs::path& current, const std::string& command) {
  std::vector<BenchmarkResult> before, after;
  for (int i = 0; i < 10; ++i) {
    const std::string name = "b" + std::to_string(i);
    const double seconds = 1e-3 * (1.0 + 0.001 * i);
    before.push_back(testing::benchmark(name, {seconds}));
    after.push_back(testing::benchmark(name, {seconds * (i == 5 ? 1.3 : 1.0)}));
  }
  save_results(testing::results("s", before), base);
  Results now = testing::results("s", after);
  now.source.command = command;
  save_results(now, current);
}

// The command after the phrase's ": ", to the end of the line.
std::string after_phrase(const std::string& text) {
  const std::size_t phrase = text.find(kPhrase);
  if (phrase == std::string::npos) return "";
  const std::size_t colon = text.find(": ", phrase);
  const std::size_t end = text.find('\n', colon);
  return text.substr(colon + 2, end == std::string::npos ? std::string::npos : end - colon - 2);
}

std::string html_unescaped(std::string text) {
  for (const auto& [entity, character] : std::vector<std::pair<std::string, std::string>>{
           {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&#39;", "'"}, {"&amp;", "&"}})
    for (std::size_t at = text.find(entity); at != std::string::npos; at = text.find(entity, at + character.size()))
      text.replace(at, entity.size(), character);
  return text;
}

// The code span that follows the phrase: its fence, its body (one blank
// stripped from each end when both have one, as CommonMark does).
std::string markdown_span(const std::string& markdown) {
  const std::string line = after_phrase(markdown);
  std::size_t fence = 0;
  while (fence < line.size() && line[fence] == '`') ++fence;
  if (fence == 0) return "(no code span: " + line + ")";
  const std::size_t close = line.find(std::string(fence, '`'), fence);
  std::string body = line.substr(fence, close - fence);
  if (body.size() >= 2 && body.front() == ' ' && body.back() == ' ') body = body.substr(1, body.size() - 2);
  return body;
}

class PastedCommand : public ::testing::Test {
 protected:
  // The re-run command as each report prints it.
  std::vector<std::pair<std::string, std::string>> printed_commands(const std::string& recorded) {
    write_pair(dir_ / "base.json", dir_ / "current.json", recorded);
    const auto run = run_shell(shell_word(PERFGATE_CLI) + " compare " + shell_word((dir_ / "base.json").string()) + " " +
                               shell_word((dir_ / "current.json").string()) + " --json " +
                               shell_word((dir_ / "c.json").string()) + " --markdown " +
                               shell_word((dir_ / "s.md").string()) + " --html " + shell_word((dir_ / "r.html").string()));
    EXPECT_EQ(run.exit_code, 0) << run.output;
    std::string json_note;
    const nlohmann::json comparison = nlohmann::json::parse(read_text(dir_ / "c.json"));
    for (const auto& note : comparison["notes"])
      if (note.get<std::string>().find(kPhrase) != std::string::npos) json_note = note.get<std::string>();
    const std::string html = read_text(dir_ / "r.html");
    return {{"console", after_phrase(run.output)},
            {"JSON", after_phrase(json_note)},
            {"HTML", html_unescaped(after_phrase(html.substr(0, html.find("</p>", html.find(kPhrase)))))},
            {"Markdown", markdown_span(read_text(dir_ / "s.md"))}};
  }

  // Pastes `command` into bash in a fresh folder: bash -n first, then run.
  testing::CommandResult paste(const std::string& report, const std::string& command, const fs::path& folder) {
    const auto syntax = run_shell("bash -n -c " + shell_word(command) + " 2>&1");
    EXPECT_EQ(syntax.exit_code, 0) << report << ": " << command << "\n" << syntax.output;
    fs::create_directories(folder);
    return run_shell("cd " + shell_word(folder.string()) + " && bash -c " + shell_word(command) + " 2>&1");
  }

  TempDir dir_;
};

TEST_F(PastedCommand, RunsExactlyTheRecordedProgramFromEveryReport) {
  // A program in a folder whose name holds what a shell reads specially.
  const fs::path folder = dir_ / "d $(touch${IFS}pwned) it's `touch${IFS}pwned2` \"q\"\nx";
  fs::create_directories(folder);
  const fs::path program = folder / "perf_x";
  std::ofstream(program) << "#!/bin/sh\nprintf '%s\\n' \"$0\" > argv.out\nprintf '%s\\0' \"$@\" >> argv.out\n";
  fs::permissions(program, fs::perms::owner_all);
  const auto commands = printed_commands(shell_command({program.string(), "--benchmark_out=x.json"}));
  for (const auto& [report, command] : commands) {
    SCOPED_TRACE(report + ": " + command);
    ASSERT_FALSE(command.empty());
    EXPECT_EQ(command, commands.front().second) << "one form in every report";
    const fs::path scratch = dir_ / ("paste-" + report);
    const auto pasted = paste(report, command, scratch);
    EXPECT_EQ(pasted.exit_code, 0) << pasted.output;
    EXPECT_EQ(read_text(scratch / "argv.out"),
              program.string() + "\n--benchmark_filter=^(b5)$" + std::string(1, '\0') + "--benchmark_repetitions=10" +
                  std::string(1, '\0'));
    EXPECT_FALSE(fs::exists(scratch / "pwned")) << "the folder's name ran";
    EXPECT_FALSE(fs::exists(scratch / "pwned2")) << "the folder's name ran";
  }
}

// A results file a pull request wrote, in the old unquoted form: its
// program is one quoted word too; pasted, it names a program that is not
// there and runs nothing else.
TEST_F(PastedCommand, AnOldUnquotedCommandRunsNothingElse) {
  const auto commands = printed_commands("/opt/$(touch${IFS}pwned)/perf_x --benchmark_out=x.json");
  for (const auto& [report, command] : commands) {
    SCOPED_TRACE(report + ": " + command);
    EXPECT_EQ(command.rfind("'/opt/$(touch${IFS}pwned)/perf_x' --benchmark_filter='^(b5)$'", 0), 0u);
    const fs::path scratch = dir_ / ("paste-" + report);
    const auto pasted = paste(report, command, scratch);
    EXPECT_EQ(pasted.exit_code, 127) << pasted.output;
    EXPECT_FALSE(fs::exists(scratch / "pwned"));
  }
}

}  // namespace
}  // namespace perfgate
