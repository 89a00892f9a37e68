// A suite binary that crashes in one case (an abort) loses that case only:
// the cases measured before it are journaled, the unfinished ones run again
// alone, and the reports carry an ERROR for the crashed case beside the
// verdicts of the others.

#include <gtest/gtest.h>

#include <iterator>
#include <regex>

#include <nlohmann/json.hpp>

#include "shell.hpp"
#include "xml_document.hpp"

namespace perfgate {
namespace {

using nlohmann::json;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;

std::string suite(const std::string& args, const std::string& environment = "") {
  return environment + " " + shell_word(PERFGATE_CRASH_SUITE) + " --benchmark_repetitions=5 " + args;
}

TEST(CrashingCase, LosesOnlyItselfAndTheReportsSayWhy) {
  TempDir dir;
  const std::string baseline = (dir / "baseline.json").string();
  const auto recorded = run_shell(suite("--perfgate_mode=record --perfgate_results=" + shell_word(baseline)));
  ASSERT_EQ(recorded.exit_code, 0) << recorded.output;

  const std::string out = (dir / "out").string();
  const auto run = run_shell(suite("--perfgate_baseline=" + shell_word(baseline) + " --perfgate_out_dir=" + shell_word(out),
                                   "PERFGATE_TEST_CRASH=1"));
  EXPECT_EQ(run.exit_code, 2) << run.output;  // a failed case is an ERROR
  EXPECT_NE(run.output.find("the measuring process died (signal 6"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("] selftest/crashes  ERROR: the suite binary crashed"), std::string::npos)
      << "the crashed case has its progress line too\n" << run.output;

  const json comparison = json::parse(read_text(dir / "out/crash_selftest.comparison.json"));
  std::map<std::string, json> by_name;
  for (const json& b : comparison["benchmarks"]) by_name[b["name"]] = b;
  EXPECT_EQ(by_name["selftest/crashes"]["verdict"], "ERROR");
  EXPECT_NE(by_name["selftest/crashes"]["reason"].get<std::string>().find("crashed"), std::string::npos)
      << by_name["selftest/crashes"].dump();
  for (const char* kept : {"selftest/first", "selftest/last"})
    EXPECT_NE(by_name[kept]["verdict"], "ERROR") << kept << ": " << by_name[kept].dump();

  const json results = json::parse(read_text(dir / "out/crash_selftest.results.json"));
  for (const json& b : results["benchmarks"])
    if (b["name"] != "selftest/crashes") EXPECT_EQ(b["samples"].size(), 5u) << b.dump();

  const testing::XmlDocument junit(read_text(dir / "out/crash_selftest.junit.xml"));
  ASSERT_TRUE(junit.well_formed()) << junit.error();
  EXPECT_EQ(junit.count("//testcase[@name='selftest/crashes']/error"), 1u);
  EXPECT_EQ(junit.count("//testcase/error"), 1u);
  EXPECT_EQ(junit.count("//testcase"), 3u);
}

// The gate's process prints a line on stderr as each case finishes, so a CI
// log is never silent for the length of a suite: "[k/N] name  median  (time)".
TEST(Progress, ALineOnStderrForEachCaseAsItFinishes) {
  TempDir dir;
  // Only stderr is kept: Google Benchmark's table goes to stdout.
  const auto run = run_shell("(" + suite("--perfgate_mode=record --perfgate_results=" + shell_word((dir / "r.json").string())) +
                             " 2>&1 >/dev/null)");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  for (const char* k : {"[1/3] selftest/", "[2/3] selftest/", "[3/3] selftest/"})
    EXPECT_EQ(testing::count_occurrences(run.output, k), 1u) << k << "\n" << run.output;
  for (const char* name : {"selftest/first  ", "selftest/crashes  ", "selftest/last  "})
    EXPECT_EQ(testing::count_occurrences(run.output, "] " + std::string(name)), 1u) << name << "\n" << run.output;
  const std::regex line(R"(\[[123]/3\] selftest/\w+  [0-9.]+ (ns|µs|ms|s)  \([0-9.]+ (ns|µs|ms|s)\)\n)");
  EXPECT_EQ(std::distance(std::sregex_iterator(run.output.begin(), run.output.end(), line), std::sregex_iterator()), 3)
      << "each line: the case, its median and its time\n" << run.output;
}

}  // namespace
}  // namespace perfgate
