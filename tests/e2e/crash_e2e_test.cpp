// A suite binary that crashes in one case (an abort) loses that case only:
// the cases measured before it are journaled, the unfinished ones run again
// alone, and the reports carry an ERROR for the crashed case beside the
// verdicts of the others.

#include <signal.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <iterator>
#include <map>
#include <sstream>
#include <regex>

#include <nlohmann/json.hpp>

#include "shell.hpp"
#include "xml_document.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
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

// Issue 41: a case that ends the process itself (a library's exit(0), an
// error handler's exit(1), exit(77), which ctest reads as "skipped") is
// neither lost (REMOVED, exit 0) nor the run's exit code: it is run again
// alone, then an ERROR naming it, the run exits 2, and every report is
// written with the other cases' verdicts.
class EndingCase : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto recorded = run_shell(suite("--perfgate_mode=record --perfgate_results=" + shell_word(baseline())));
    ASSERT_EQ(recorded.exit_code, 0) << recorded.output;
  }
  std::string baseline() const { return (dir_ / "baseline.json").string(); }
  std::string gate_flags(const std::string& baseline_file) const {
    return "--perfgate_baseline=" + shell_word(baseline_file) + " --perfgate_out_dir=" + shell_word((dir_ / "out").string());
  }
  std::map<std::string, json> cases_by_name() const {
    const json c = comparison();
    std::map<std::string, json> by_name;
    for (const json& b : c["benchmarks"]) by_name[b["name"]] = b;
    return by_name;
  }
  json comparison() const { return json::parse(read_text(dir_ / "out/crash_selftest.comparison.json")); }
  // The middle case's ERROR in every report, the others judged as usual.
  void expect_an_error_for_the_middle_case_only(const std::string& reason_part) const {
    const json c = comparison();
    EXPECT_EQ(c["exit_code"], 2);
    std::map<std::string, json> by_name = cases_by_name();
    EXPECT_EQ(by_name.size(), 3u) << c.dump();
    EXPECT_EQ(by_name["selftest/crashes"]["verdict"], "ERROR") << by_name["selftest/crashes"].dump();
    EXPECT_NE(by_name["selftest/crashes"]["reason"].get<std::string>().find(reason_part), std::string::npos)
        << by_name["selftest/crashes"].dump();
    for (const char* kept : {"selftest/first", "selftest/last"})
      for (const char* wrong : {"ERROR", "REMOVED"}) EXPECT_NE(by_name[kept]["verdict"], wrong) << kept;
    const testing::XmlDocument junit(read_text(dir_ / "out/crash_selftest.junit.xml"));
    ASSERT_TRUE(junit.well_formed()) << junit.error();
    EXPECT_EQ(junit.count("//testcase[@name='selftest/crashes']/error"), 1u);
    EXPECT_EQ(junit.count("//testcase/error"), 1u);
    EXPECT_EQ(junit.count("//testcase"), 3u);
    EXPECT_TRUE(fs::exists(dir_ / "out/crash_selftest.md"));
    EXPECT_TRUE(fs::exists(dir_ / "out/crash_selftest.results.json"));
  }
  TempDir dir_;
};

TEST_F(EndingCase, ExitZeroOneOrSeventySevenMidRunIsAnErrorNamingTheCase) {
  // exit(0) in order, after the first case finished: the run once called
  // the middle case REMOVED and passed; exit(1) and exit(77), interleaved
  // (nothing finished yet), once made the suite exit 1 and 77.
  for (const auto& [code, order] : {std::pair{"0", "--benchmark_enable_random_interleaving=false "},
                                    std::pair{"1", ""}, std::pair{"77", ""}}) {
    SCOPED_TRACE(std::string("exit(") + code + ")");
    fs::remove_all(dir_ / "out");
    const auto run = run_shell(suite(order + gate_flags(baseline()), std::string("PERFGATE_TEST_EXIT=") + code));
    EXPECT_EQ(run.exit_code, 2) << run.output;
    EXPECT_EQ(testing::count_occurrences(run.output, std::string("perfgate: error: case selftest/crashes: the case ended the "
                                                                  "process with exit code ") + code +
                                                          " before its result was written"),
              1u)
        << run.output;
    EXPECT_EQ(run.output.find("does --benchmark_filter match"), std::string::npos) << "the listing was not empty\n" << run.output;
    EXPECT_NE(run.output.find("perfgate: ERROR (exit 2)"), std::string::npos) << run.output;
    expect_an_error_for_the_middle_case_only(std::string("ended the process with exit code ") + code);
  }
}

// Something that ends the listing worker (a library that gives up at its
// start, in the worker only) once made the suite exit with its code: 77,
// read by ctest as "skipped", or 1, read as a regression.
TEST_F(EndingCase, AListingThatEndsItsProcessIsAHarnessError) {
  for (const std::string code : {"77", "1"}) {
    SCOPED_TRACE("exit(" + code + ")");
    const auto run = run_shell(suite(gate_flags(baseline()), "PERFGATE_TEST_EXIT_IN_LISTING=" + code));
    EXPECT_EQ(run.exit_code, 2) << run.output;
    EXPECT_EQ(testing::count_occurrences(run.output, "perfgate: error: "), 1u) << run.output;
    EXPECT_NE(run.output.find("listing the cases ended with exit code " + code + " before they were listed"),
              std::string::npos) << run.output;
  }
}

// A smoke run's cases run in its own process: a case's exit(0) or exit(77)
// once ended the smoke run with that code (77: ctest's "skipped").
TEST_F(EndingCase, AnExitDuringASmokeRunFailsIt) {
  for (const std::string code : {"0", "77", "1"}) {
    SCOPED_TRACE("exit(" + code + ")");
    const auto run = run_shell(suite("--perfgate_mode=smoke", "PERFGATE_TEST_EXIT=" + code));
    EXPECT_EQ(run.exit_code, 2) << run.output;
    EXPECT_EQ(testing::count_occurrences(run.output, "perfgate: error: a case ended the process"), 1u) << run.output;
  }
  const auto clean = run_shell(suite("--perfgate_mode=smoke"));
  EXPECT_EQ(clean.exit_code, 0) << clean.output;
  EXPECT_EQ(clean.output.find("ended the process"), std::string::npos) << clean.output;
}

// A baseline in which the middle case is 50 times faster: the run suspects
// a regression there and re-measures it.
std::string with_a_planted_regression(const std::string& baseline, const fs::path& into) {
  json b = json::parse(read_text(baseline));
  for (json& c : b["benchmarks"])
    if (c["name"] == "selftest/crashes") {
      for (json& t : c["samples"]) t = t.get<double>() / 50;
      c["median"] = c["median"].get<double>() / 50;
    }
  testing::write_text(into, b.dump());
  return into.string();
}

TEST_F(EndingCase, AnExitInAReMeasurementRoundIsAnErrorNotTheCasesCode) {
  const std::string fast = with_a_planted_regression(baseline(), dir_ / "fast.json");
  const std::string environment = "PERFGATE_TEST_ROUND_MARK=" + shell_word((dir_ / "mark").string()) +
                                  " PERFGATE_TEST_EXIT_IN_ROUND=3";
  const auto run = run_shell(suite("--benchmark_repetitions=10 " + gate_flags(fast), environment));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("re-measuring"), std::string::npos) << "no round ran\n" << run.output;
  EXPECT_EQ(testing::count_occurrences(run.output, "perfgate: error: case selftest/crashes: the case ended the process "
                                                   "with exit code 3 before its result was written"),
            1u)
      << run.output;
  EXPECT_NE(run.output.find("perfgate: ERROR (exit 2)"), std::string::npos) << run.output;
  expect_an_error_for_the_middle_case_only("failed in re-measurement round 1: the case ended the process with exit code 3");
}

// A round that hangs is killed at its deadline (a floor of 2 s here, or 10
// times what the case measured), with its process group: the hung case's
// own child too.  The case stays as the run left it (an unconfirmed
// REGRESSION), a note says what happened, and the reports are written.
TEST_F(EndingCase, AHungReMeasurementRoundIsKilledAtItsDeadlineAndTheCaseStaysAsItStood) {
  const std::string fast = with_a_planted_regression(baseline(), dir_ / "fast.json");
  const fs::path hang = dir_ / "hang";
  const std::string environment = "PERFGATE_TEST_ROUND_MARK=" + shell_word((dir_ / "mark").string()) +
                                  " PERFGATE_TEST_HANG_IN_ROUND=" + shell_word(hang.string());
  const auto start = std::chrono::steady_clock::now();
  const auto run = run_shell(suite("--benchmark_repetitions=10 --perfgate_round_deadline_floor=2 " + gate_flags(fast),
                                   environment + " timeout -s KILL 300"));
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_LT(took, 120.0) << run.output;
  // max(2 s, 10 x what the case measured in the run, scaled to the round's repetitions): seconds here.
  std::smatch deadline;
  ASSERT_TRUE(std::regex_search(run.output, deadline, std::regex("perfgate: re-measurement round 1 ran past its deadline of ([0-9.e+]+) s")))
      << run.output;
  EXPECT_GE(std::stod(deadline[1]), 2.0);
  EXPECT_LT(std::stod(deadline[1]), 60.0) << "the floor of 60 s was not replaced";
  ASSERT_TRUE(fs::exists(hang)) << "the round never hung\n" << run.output;
  std::istringstream pids(read_text(hang));
  int worker = 0, gate = 0, child = 0;
  pids >> worker >> gate >> child;
  ASSERT_GT(child, 0);
  const auto gone = [](int pid) {
    if (::kill(pid, 0) != 0) return true;
    const std::string stat = read_text("/proc/" + std::to_string(pid) + "/stat");
    return stat.find(") Z") != std::string::npos;  // a zombie nobody reaps here is dead
  };
  for (int i = 0; i < 250 && !(gone(worker) && gone(child)); ++i) ::usleep(20000);
  EXPECT_TRUE(gone(worker)) << "the hung worker outlived its deadline";
  EXPECT_TRUE(gone(child)) << "the hung case's child outlived its deadline (not killed with the process group)";
  if (!gone(child)) ::kill(child, SIGKILL);

  const json c = comparison();
  EXPECT_EQ(c["exit_code"], 1);
  const json crashes = cases_by_name()["selftest/crashes"];
  EXPECT_EQ(crashes["verdict"], "REGRESSION") << crashes.dump();
  EXPECT_EQ(crashes["confirmation"], "unavailable") << crashes.dump();
  EXPECT_NE(crashes["reason"].get<std::string>().find("re-measurement round 1 ran past its deadline of " + deadline[1].str() +
                                                      " s and was killed"),
            std::string::npos)
      << crashes.dump();
  // The kept cases are listed after the colon: the hung one, and any other
  // case the load left open that shared its round (selftest/last, at times).
  bool noted = false;
  const std::string kept = "killed with its process group; kept as they stood before it: ";
  for (const json& note : c["notes"]) {
    const std::string text = note.get<std::string>();
    const std::size_t at = text.find(kept);
    noted |= at != std::string::npos && text.find("selftest/crashes", at + kept.size()) != std::string::npos;
  }
  EXPECT_TRUE(noted) << c["notes"].dump();
  const testing::XmlDocument junit(read_text(dir_ / "out/crash_selftest.junit.xml"));
  ASSERT_TRUE(junit.well_formed()) << junit.error();
  EXPECT_EQ(junit.count("//testcase[@name='selftest/crashes']/failure"), 1u);
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
