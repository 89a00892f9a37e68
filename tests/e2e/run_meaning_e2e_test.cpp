// Issue 24, "What a run means": the verdict a team sees in its first week is
// the truth.  NOT GATED is not PASS; a suite with no baseline is NEW and
// exits 0; recording never changes the verdict; `perfgate run` and `perfgate
// report` exit as the gate does; a suite is its program; absurd input never
// passes.  The suite here is the crash self-test (three cheap cases that no
// verdict of these tests depends on the speed of), so the tests hold under
// any load.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <tuple>

#include <nlohmann/json.hpp>

#include "perfgate/history/open_history.hpp"
#include "perfgate/formats/results_io.hpp"
#include "results_builder.hpp"
#include "shell.hpp"
#include "xml_document.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::count_occurrences;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;
using testing::write_text;
using testing::XmlDocument;

const std::vector<std::string> kCases = {"selftest/first", "selftest/crashes", "selftest/last"};

std::string suite(const std::string& args, const std::string& environment = "") {
  return environment + " " + shell_word(PERFGATE_CRASH_SUITE) + " --benchmark_repetitions=5 " + args;
}

std::string cli(const std::string& args) { return shell_word(PERFGATE_CLI) + " " + args; }

json read_json(const fs::path& file) { return json::parse(read_text(file)); }

std::vector<std::string> verdicts(const json& comparison) {
  std::vector<std::string> out;
  for (const json& b : comparison.at("benchmarks")) out.push_back(b.at("verdict").get<std::string>());
  return out;
}

// The reports of one suite run, all saying NOT GATED and none PASS.
void expect_not_gated_everywhere(const fs::path& out, const std::string& console) {
  const json c = read_json(out / "crash_selftest.comparison.json");
  EXPECT_EQ(c.at("status"), "NOT_GATED") << c.dump(2);
  EXPECT_EQ(c.at("gated_cases"), 0);
  EXPECT_EQ(c.at("cases"), 3);
  EXPECT_EQ(c.at("summary").get<std::string>().rfind("NOT GATED (exit ", 0), 0u) << c.at("summary");
  EXPECT_NE(console.find("\nNOT GATED: "), std::string::npos) << console;
  EXPECT_NE(console.find("perfgate: NOT GATED (exit"), std::string::npos) << console;
  EXPECT_EQ(console.find("PASS"), std::string::npos) << console;
  const XmlDocument junit(read_text(out / "crash_selftest.junit.xml"));
  ASSERT_TRUE(junit.well_formed()) << junit.error();
  EXPECT_EQ(junit.values("//property[@name='perfgate.status']/@value"), std::vector<std::string>{"NOT_GATED"});
  EXPECT_EQ(junit.count("//testcase/skipped"), 3u) << "not judged: no dashboard may count these as passed";
  const std::string md = read_text(out / "crash_selftest.md");
  EXPECT_EQ(md.rfind("### ⚪ perfgate `crash_selftest`: NOT GATED (exit ", 0), 0u) << md.substr(0, 300);
  EXPECT_NE(md.find("> **Not gated:** "), std::string::npos) << md;
  const std::string html = read_text(out / "crash_selftest.html");
  EXPECT_NE(html.find("data-status=\"NOT_GATED\""), std::string::npos);
}

class RunMeaning : public ::testing::Test {
 protected:
  // A baseline of the self-test, recorded here, in `folder` as DEVICE-SLUG/crash_selftest.json.
  json record() {
    const auto run = run_shell(suite("--perfgate_mode=record --perfgate_results=" + shell_word((dir_ / "r.json").string())));
    EXPECT_EQ(run.exit_code, 0) << run.output;
    return read_json(dir_ / "r.json");
  }
  TempDir dir_;
};

// Any runner but the one that recorded the baseline: every case INCOMPARABLE,
// NOT GATED in every report, exit 0; with --perfgate_require_gated (or
// PERFGATE_REQUIRE_GATED) exit 2 before anything is measured.
TEST_F(RunMeaning, OnlyAnotherDevicesBaselineIsNotGated) {
  json other = record();
  other["fingerprint"]["name"] = "Some Other CPU 1000";
  other["fingerprint"]["slug"] = "cpu-some-other-cpu-1000";
  write_text(dir_ / "baselines/cpu-some-other-cpu-1000/crash_selftest.json", other.dump());
  const std::string flags = "--perfgate_baseline_dir=" + shell_word((dir_ / "baselines").string()) +
                            " --perfgate_out_dir=" + shell_word((dir_ / "out").string());
  const auto run = run_shell(suite(flags));
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("only another device's"), std::string::npos) << "said before measuring: " << run.output;
  EXPECT_EQ(verdicts(read_json(dir_ / "out/crash_selftest.comparison.json")),
            std::vector<std::string>(3, "INCOMPARABLE"));
  expect_not_gated_everywhere(dir_ / "out", run.output);
  const std::string why = read_json(dir_ / "out/crash_selftest.comparison.json").at("not_gated_reason");
  EXPECT_NE(why.find("another device"), std::string::npos) << why;
  EXPECT_NE(why.find("perfgate baseline update --suite crash_selftest"), std::string::npos) << "the command that fixes it: " << why;

  for (const std::string& strict : {std::string("--perfgate_require_gated "), std::string()}) {
    const auto refused = run_shell(suite(strict + flags, strict.empty() ? "PERFGATE_REQUIRE_GATED=1" : ""));
    EXPECT_EQ(refused.exit_code, 2) << refused.output;
    EXPECT_NE(refused.output.find("--perfgate_require_gated: "), std::string::npos) << refused.output;
    EXPECT_EQ(refused.output.find("[1/3]"), std::string::npos) << "nothing measured: " << refused.output;
  }
}

// A suite with no baseline on any device is measured, its results written
// (ready for `perfgate baseline promote`), every case NEW, exit 0; the
// promote command it names makes the next run gated.
TEST_F(RunMeaning, ASuiteWithNoBaselineAnywhereIsNewAndReadyToPromote) {
  fs::create_directories(dir_ / "baselines");
  const std::string flags = "--perfgate_baseline_dir=" + shell_word((dir_ / "baselines").string()) +
                            " --perfgate_out_dir=" + shell_word((dir_ / "out").string());
  const auto run = run_shell(suite(flags));
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("has no baseline on any device: its cases will be NEW"), std::string::npos) << run.output;
  const json c = read_json(dir_ / "out/crash_selftest.comparison.json");
  EXPECT_EQ(verdicts(c), std::vector<std::string>(3, "NEW"));
  expect_not_gated_everywhere(dir_ / "out", run.output);
  ASSERT_TRUE(fs::exists(dir_ / "out/crash_selftest.results.json"));
  EXPECT_EQ(load_results(dir_ / "out/crash_selftest.results.json").benchmarks.size(), 3u);
  const std::string why = c.at("not_gated_reason");
  EXPECT_NE(why.find("perfgate baseline promote "), std::string::npos) << why;

  const auto promoted = run_shell(cli("baseline promote " + shell_word((dir_ / "out/crash_selftest.results.json").string()) +
                                      " --baseline-dir " + shell_word((dir_ / "baselines").string()) + " --force"));
  ASSERT_EQ(promoted.exit_code, 0) << promoted.output;
  // Gated now; a threshold no load can reach keeps the verdict about the state.
  const auto gated = run_shell(suite(flags + " --perfgate_threshold=100000 --perfgate_require_gated"));
  EXPECT_EQ(gated.exit_code, 0) << gated.output;
  const json after = read_json(dir_ / "out/crash_selftest.comparison.json");
  EXPECT_EQ(after.at("status"), "PASS") << after.dump(2);
  EXPECT_EQ(after.at("gated_cases"), 3);

  // With --perfgate_require_gated and no baseline: exit 2 before measuring.
  fs::remove_all(dir_ / "baselines");
  fs::create_directories(dir_ / "baselines");
  const auto refused = run_shell(suite(flags + " --perfgate_require_gated"));
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_EQ(count_occurrences(refused.output, "perfgate: error: "), 1u) << refused.output;
}

// Turning the history on never changes the exit code: a suite whose every
// case is skipped (a GPU suite on a CPU runner) is 77 with and without it,
// and records nothing, said in one line.
TEST_F(RunMeaning, RecordingInTheHistoryNeverChangesTheExitCode) {
  fs::create_directories(dir_ / "baselines");
  const std::string flags = "--perfgate_baseline_dir=" + shell_word((dir_ / "baselines").string()) +
                            " --perfgate_out_dir=" + shell_word((dir_ / "out").string());
  const std::string db = shell_word((dir_ / "h.sqlite").string());
  for (const std::string environment : {std::string("PERFGATE_TEST_SKIP_ALL=1"), std::string()}) {
    const auto without = run_shell(suite(flags, environment));
    const auto with = run_shell(suite(flags + " --perfgate_history=" + db, environment + " PERFGATE_GIT_COMMIT=abc123"));
    EXPECT_EQ(with.exit_code, without.exit_code) << environment << "\n" << with.output;
    EXPECT_EQ(without.exit_code, environment.empty() ? 0 : 77) << without.output;
    if (!environment.empty()) {
      EXPECT_EQ(count_occurrences(with.output, "nothing recorded in the history"), 1u) << with.output;
      EXPECT_EQ(with.output.find("perfgate: error"), std::string::npos) << with.output;
    } else {
      EXPECT_NE(with.output.find("run recorded in the history"), std::string::npos) << with.output;
    }
  }
  // The same through the environment, as ci/perf-gate.sh passes it.
  const auto skipped = run_shell(suite(flags, "PERFGATE_TEST_SKIP_ALL=1 PERFGATE_HISTORY=" + db));
  EXPECT_EQ(skipped.exit_code, 77) << skipped.output;
  // Issue 41: a history that refuses the run (its testbed holds another
  // device's runs, as a forced ingest leaves it) is a warning; the exit
  // code is the gate's, with and without it.
  const auto first = run_shell(suite(flags + " --perfgate_history=" + db, "PERFGATE_GIT_COMMIT=abc123"));
  ASSERT_EQ(first.exit_code, 0) << first.output;
  history::open_history((dir_ / "h.sqlite").string(), sql::Access::read_write)
      ->query("UPDATE testbeds SET device_slug = 'cpu-another-machine'");
  const auto without = run_shell(suite(flags));
  const auto with = run_shell(suite(flags + " --perfgate_history=" + db, "PERFGATE_GIT_COMMIT=def456"));
  EXPECT_EQ(with.exit_code, without.exit_code) << with.output;
  EXPECT_EQ(count_occurrences(with.output, "perfgate: warning: the history could not record this run"), 1u) << with.output;
  EXPECT_NE(with.output.find("holds runs of device 'cpu-another-machine'"), std::string::npos) << with.output;
  EXPECT_NE(with.output.find("exit code stand"), std::string::npos) << with.output;
}

// A fake build tree whose one gated test runs `command` (with the
// --perfgate_out_dir perfgate run reads from its listing).
fs::path fake_build(const fs::path& dir, const std::string& command) {
  const fs::path build = dir / "build";
  write_text(build / "CTestTestfile.cmake",
             "add_test(perf.fake \"/bin/sh\" \"-c\" " + json(command).dump() + " \"sh\" \"--perfgate_out_dir=" +
                 (dir / "out").string() + "\")\nset_tests_properties(perf.fake PROPERTIES LABELS \"perf\")\n");
  fs::create_directories(dir / "out");
  return build;
}

std::string run_command(const fs::path& build, const std::string& args = "") {
  return cli("run --build-dir " + shell_word(build.string()) + " --report-dir " +
             shell_word((build.parent_path() / "report").string()) + " " + args);
}

TEST_F(RunMeaning, PerfgateRunOfASelectionThatMatchesNothingIs2) {
  const fs::path build = fake_build(dir_.path(), "exit 0");
  const auto run = run_shell(run_command(build, "-L no-such-label"));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("no test matched -L no-such-label"), std::string::npos) << run.output;
}

// A gated test that exits 0 (or 77) without writing a comparison gated
// nothing: 2, whatever its own exit code.
TEST_F(RunMeaning, PerfgateRunOfATestThatLeftNoComparisonIs2) {
  for (const std::string exit : {"0", "77"}) {
    const fs::path build = fake_build(dir_.path(), "exit " + exit);
    const auto run = run_shell(run_command(build));
    EXPECT_EQ(run.exit_code, 2) << run.output;
    EXPECT_NE(run.output.find("perf.fake ended"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("left no comparison"), std::string::npos) << run.output;
    // The run's summary and page say so too: the suite is not passed over.
    const std::string summary = read_text(dir_ / "report/summary.md");
    EXPECT_EQ(summary.rfind("## ⚠️ perfgate: ERROR (exit 2): 1 suite (1 ERROR)", 0), 0u) << summary.substr(0, 300);
    EXPECT_NE(summary.find("left no comparison"), std::string::npos) << summary;
    EXPECT_NE(read_text(dir_ / "report/index.html").find("data-status=\"ERROR\""), std::string::npos);
    EXPECT_NE(run.output.find("perfgate: ERROR (exit 2): 1 suite (1 ERROR)"), std::string::npos) << run.output;
  }
}

// `-L X -- <ctest args>` reaches ctest; a suite that is NOT GATED leaves the
// run at exit 0 with a NOT GATED headline (and 2 under --require-gated).
TEST_F(RunMeaning, PerfgateRunPassesCtestArgumentsAndSaysNotGated) {
  write_text(dir_ / "a.json", results_to_json(
                                  testing::results("fake", {testing::benchmark("a", testing::lognormal_samples(1e-3, 0.01, 10, 1))})));
  write_text(dir_ / "b.json", results_to_json(
                                  testing::results("fake", {testing::benchmark("b", testing::lognormal_samples(1e-3, 0.01, 10, 2))})));
  const auto compared = run_shell(cli("compare " + shell_word((dir_ / "a.json").string()) + " " +
                                      shell_word((dir_ / "b.json").string()) + " --json " +
                                      shell_word((dir_ / "fake.comparison.json").string())));
  ASSERT_EQ(compared.exit_code, 0) << compared.output;
  const fs::path build =
      fake_build(dir_.path(), "cp " + shell_word((dir_ / "fake.comparison.json").string()) + " " + shell_word((dir_ / "out").string()) + "/");
  const auto run = run_shell(run_command(build, "-L perf -- -R fake"));
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("gate exit code 0"), std::string::npos) << run.output;
  const std::string summary = read_text(dir_ / "report/summary.md");
  EXPECT_EQ(summary.rfind("## ⚪ perfgate: NOT GATED (exit 0): 1 suite (1 NOT GATED), 0 of 1 case gated", 0), 0u)
      << summary.substr(0, 300);
  const auto excluded = run_shell(run_command(build, "-L perf -- -E fake"));
  EXPECT_EQ(excluded.exit_code, 2) << excluded.output;
  EXPECT_NE(excluded.output.find("no test matched -L perf -- -E fake"), std::string::npos) << excluded.output;
}

// `perfgate report` exits as the gate did: the worst of its comparisons.
TEST_F(RunMeaning, PerfgateReportExitsWithTheWorstCodeOfItsComparisons) {
  using testing::benchmark;
  using testing::lognormal_samples;
  const auto side = [&](const std::string& name, double median, int seed) {
    write_text(dir_ / name, results_to_json(testing::results(
                                "s" + std::to_string(seed), {benchmark("x", lognormal_samples(median, 0.005, 10, seed))})));
  };
  side("base1.json", 1e-3, 1);
  side("cur1.json", 1e-3, 1);
  side("base2.json", 1e-3, 2);
  side("cur2.json", 3e-3, 2);
  for (int i : {1, 2}) {
    const auto c = run_shell(cli("compare " + shell_word((dir_ / ("base" + std::to_string(i) + ".json")).string()) + " " +
                                 shell_word((dir_ / ("cur" + std::to_string(i) + ".json")).string()) + " --json " +
                                 shell_word((dir_ / ("c" + std::to_string(i) + ".json")).string())));
    ASSERT_EQ(c.exit_code, i == 1 ? 0 : 1) << c.output;
  }
  const std::string md = shell_word((dir_ / "s.md").string());
  EXPECT_EQ(run_shell(cli("report " + shell_word((dir_ / "c1.json").string()) + " --markdown " + md)).exit_code, 0);
  const auto worst = run_shell(cli("report " + shell_word((dir_ / "c1.json").string()) + " " +
                                   shell_word((dir_ / "c2.json").string()) + " --markdown " + md));
  EXPECT_EQ(worst.exit_code, 1) << worst.output;
  EXPECT_NE(run_shell(cli("report --help")).output.find("report exits with the worst code of the comparisons it read"),
            std::string::npos);
}

// A Google Benchmark file of a CI that names its files per run.
std::string gbench_file(const std::string& executable, double scale, int seed) {
  json rows = json::array();
  for (const std::string name : {"BM_sort/1024", "BM_sort/4096", "BM_hash/64"}) {
    const auto samples = testing::lognormal_samples(1000.0 * scale, 0.01, 5, seed++);
    for (double t : samples)
      rows.push_back({{"name", name}, {"run_name", name}, {"run_type", "iteration"}, {"repetitions", 5},
                      {"iterations", 1000}, {"real_time", t}, {"cpu_time", t}, {"time_unit", "ns"}});
  }
  return json{{"context", {{"date", "2026-11-20T10:00:00+00:00"}, {"host_name", "ci"}, {"executable", executable},
                           {"num_cpus", 2}, {"library_build_type", "release"}}},
              {"benchmarks", rows}}
      .dump(1);
}

// Issue 24 item 4: bench-<sha>.json files of one program are one suite, in
// `compare` and in `history ingest`; --suite overrides; a file that would
// start a new suite beside the same benchmarks is warned of; `history
// changes` says how many series are too short to judge.
TEST_F(RunMeaning, ASuiteIsItsProgramNotItsFileName) {
  write_text(dir_ / "bench-1a2b3c4.json", gbench_file("/ci/build/bench/bench_sort", 1.0, 1));
  write_text(dir_ / "bench-5d6e7f8.json", gbench_file("/ci/build/bench/bench_sort", 1.0, 100));
  write_text(dir_ / "windows.json", gbench_file("Release\\bench_sort.exe", 1.0, 200));
  const std::string a = shell_word((dir_ / "bench-1a2b3c4.json").string());
  const std::string b = shell_word((dir_ / "bench-5d6e7f8.json").string());
  const std::string c_json = shell_word((dir_ / "c.json").string());
  ASSERT_EQ(run_shell(cli("compare " + a + " " + b + " --json " + c_json)).exit_code, 0);
  EXPECT_EQ(read_json(dir_ / "c.json").at("suite"), "bench_sort");
  ASSERT_EQ(run_shell(cli("compare " + a + " " + shell_word((dir_ / "windows.json").string()) + " --json " + c_json)).exit_code, 0);
  EXPECT_EQ(read_json(dir_ / "c.json").at("suite"), "bench_sort") << "a Windows path and .exe name the same program";
  ASSERT_EQ(run_shell(cli("compare " + a + " " + b + " --suite sorting --json " + c_json)).exit_code, 0);
  EXPECT_EQ(read_json(dir_ / "c.json").at("suite"), "sorting");
  EXPECT_EQ(run_shell(cli("compare " + a + " " + b + " --suite ../x")).exit_code, 2);

  const std::string db = " --history " + shell_word((dir_ / "h.sqlite").string()) + " --testbed ci-runner";
  ASSERT_EQ(run_shell(cli("history ingest " + a + db + " --commit c1 --ordinal 1")).exit_code, 0);
  const auto second = run_shell(cli("history ingest " + b + db + " --commit c2 --ordinal 2"));
  ASSERT_EQ(second.exit_code, 0) << second.output;
  EXPECT_EQ(second.output.find("warning"), std::string::npos) << "the same suite: " << second.output;
  const auto changes = run_shell(cli("history changes" + db + " --json " + shell_word((dir_ / "changes.json").string())));
  ASSERT_EQ(changes.exit_code, 0) << changes.output;
  EXPECT_NE(changes.output.find("0 change(s) in 3 series; 3 of them with fewer than 6 main-line runs, too few to judge"),
            std::string::npos)
      << changes.output;
  EXPECT_EQ(read_json(dir_ / "changes.json").at("series_too_short"), 3);

  // Another program's file of the same benchmarks starts a suite of its own: said.
  write_text(dir_ / "renamed.json", gbench_file("/ci/build/bench/bench_sort_v2", 1.0, 300));
  const auto renamed = run_shell(cli("history ingest " + shell_word((dir_ / "renamed.json").string()) + db + " --commit c3"));
  EXPECT_EQ(renamed.exit_code, 0) << renamed.output;
  EXPECT_NE(renamed.output.find("perfgate: warning: "), std::string::npos) << renamed.output;
  EXPECT_NE(renamed.output.find("starts a new suite 'bench_sort_v2'"), std::string::npos) << renamed.output;
  EXPECT_NE(renamed.output.find("--suite bench_sort"), std::string::npos) << renamed.output;
  write_text(dir_ / "renamed2.json", gbench_file("/ci/build/bench/bench_sort_v2", 1.0, 400));
  const auto joined = run_shell(cli("history ingest " + shell_word((dir_ / "renamed2.json").string()) + db +
                                    " --commit c4 --suite bench_sort"));
  EXPECT_EQ(joined.exit_code, 0) << joined.output;
  EXPECT_EQ(joined.output.find("warning"), std::string::npos) << joined.output;
  EXPECT_NE(run_shell(cli("history changes" + db)).output.find("in 6 series"), std::string::npos)
      << "bench_sort (3 series of 3 runs) and bench_sort_v2 (3 of 1)";
}

// Issue 24 item 5: a time no run can have (1e306 s per iteration, more than
// a day) is an input error naming the file and the case: exit 2, never PASS.
TEST_F(RunMeaning, AbsurdTimesAreAnInputErrorNamingTheFileAndTheCase) {
  using testing::benchmark;
  const Results base = testing::results("s", {benchmark("fine", {1e-3, 1e-3, 1e-3, 1e-3, 1e-3}),
                                              benchmark("absurd", {1e-3, 1e-3, 1e-3, 1e-3, 1e-3})});
  Results absurd = base;
  absurd.benchmarks[1].samples = {1e306, 1e306, 1e306, 1e306, 1e306};
  write_text(dir_ / "base.json", results_to_json(base));
  write_text(dir_ / "absurd.json", results_to_json(absurd));
  const std::string out = " --json " + shell_word((dir_ / "c.json").string());
  for (const auto& [first, second] : {std::pair{"base.json", "absurd.json"}, std::pair{"absurd.json", "base.json"}}) {
    const auto run = run_shell(cli("compare " + shell_word((dir_ / first).string()) + " " + shell_word((dir_ / second).string()) + out));
    EXPECT_EQ(run.exit_code, 2) << run.output;
    EXPECT_EQ(count_occurrences(run.output, "\n"), 1u) << run.output;
    EXPECT_NE(run.output.find("absurd.json: benchmark 'absurd': sample 0 is 1e+306 s per iteration"), std::string::npos)
        << run.output;
    EXPECT_FALSE(fs::exists(dir_ / "c.json"));
  }
  // The same in Google Benchmark JSON (ns): 1e306 ns is still beyond a day.
  std::string gbench = gbench_file("bench", 1e302, 1);
  write_text(dir_ / "gb.json", gbench);
  const auto run = run_shell(cli("compare " + shell_word((dir_ / "gb.json").string()) + " " + shell_word((dir_ / "gb.json").string())));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("gb.json: benchmark 'BM_sort/1024': sample 0 is"), std::string::npos) << run.output;
  // Finite but all but zero: the ratio is not a number, never judged.
  Results tiny = base;
  tiny.benchmarks[1].samples = {1e-320, 1e-320, 1e-320, 1e-320, 1e-320};
  Results large = base;
  large.benchmarks[1].samples = {5e3, 5e3, 5e3, 5e3, 5e3};
  write_text(dir_ / "tiny.json", results_to_json(tiny));
  write_text(dir_ / "large.json", results_to_json(large));
  const auto ratio = run_shell(cli("compare " + shell_word((dir_ / "tiny.json").string()) + " " +
                                   shell_word((dir_ / "large.json").string())));
  EXPECT_EQ(ratio.exit_code, 2) << ratio.output;
  EXPECT_NE(ratio.output.find("tiny.json and "), std::string::npos) << ratio.output;
  EXPECT_NE(ratio.output.find("large.json: benchmark 'absurd': its medians ("), std::string::npos) << ratio.output;
  EXPECT_NE(ratio.output.find(" s and 5000 s) give a ratio or interval that is not a finite number"), std::string::npos)
      << ratio.output;
  EXPECT_EQ(count_occurrences(ratio.output, "\n"), 1u) << ratio.output;
}

// Issue 41: a case that ends the process with exit code 0 mid-run (a
// library's early exit) once became REMOVED, and the suite and `perfgate
// run` exited 0.  Now it is an ERROR naming the case, in the suite's
// comparison and in the run's summary: exit 2 for both.
TEST_F(RunMeaning, PerfgateRunOfASuiteWhoseCaseExitsZeroMidRunIs2) {
  record();
  const std::string command = "PERFGATE_TEST_EXIT=0 " + shell_word(PERFGATE_CRASH_SUITE) +
                              " --benchmark_repetitions=5 --benchmark_enable_random_interleaving=false --perfgate_suite=fake --perfgate_baseline=" +
                              shell_word((dir_ / "r.json").string()) + " \"$1\"";
  const fs::path build = fake_build(dir_.path(), command);
  const auto run = run_shell(run_command(build));
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("perfgate: error: case selftest/crashes: the case ended the process with exit code 0"),
            std::string::npos)
      << run.output;
  const json c = read_json(dir_ / "out/fake.comparison.json");
  EXPECT_EQ(c.at("exit_code"), 2);
  EXPECT_EQ(verdicts(c).size(), 3u);
  EXPECT_EQ(count_occurrences(c.dump(), "\"REMOVED\""), 0u) << c.dump(2);
  const std::string summary = read_text(dir_ / "report/summary.md");
  EXPECT_EQ(summary.rfind("## ⚠️ perfgate: ERROR (exit 2)", 0), 0u) << summary.substr(0, 300);
  EXPECT_NE(summary.find("selftest/crashes"), std::string::npos) << summary;
}

// Issue 41: flags of sizes and times are range-checked where they are read:
// one line naming the flag, exit 2, nothing measured.  2^31 - 1 repetitions
// a round once ended in "internal error: std::bad_alloc" after the run; a
// NaN budget compared false with everything and switched the budget off.
TEST_F(RunMeaning, SizesAndTimesOutOfRangeAreOneLineNamingTheFlag) {
  for (const auto& [flags, environment, named] :
       {std::tuple{"--perfgate_confirm_repetitions=2147483647", "", "--perfgate_confirm_repetitions=2147483647"},
        std::tuple{"--perfgate_remeasure_repetitions=-5", "", "--perfgate_remeasure_repetitions=-5"},
        std::tuple{"", "PERFGATE_REMEASURE_SECONDS=nan", "--perfgate_remeasure_seconds=nan"},
        std::tuple{"--perfgate_remeasure_seconds=inf", "", "--perfgate_remeasure_seconds=inf"},
        std::tuple{"--perfgate_round_deadline_floor=-1", "", "--perfgate_round_deadline_floor=-1"},
        std::tuple{"--perfgate_history_runs=99999999", "", "--perfgate_history_runs=99999999"},
        std::tuple{"--benchmark_repetitions=2147483647", "", "--benchmark_repetitions=2147483647"}}) {
    const auto run = run_shell(suite(std::string(flags) + " --perfgate_out_dir=" + shell_word((dir_ / "out").string()), environment));
    EXPECT_EQ(run.exit_code, 2) << run.output;
    EXPECT_EQ(count_occurrences(run.output, "\n"), 1u) << run.output;
    EXPECT_NE(run.output.find(std::string("perfgate: error: ") + named), std::string::npos) << run.output;
    EXPECT_EQ(run.output.find("internal error"), std::string::npos) << run.output;
    EXPECT_FALSE(fs::exists(dir_ / "out")) << flags << environment << ": measured";
  }
  // perfgate's own flags: CLI::Range lets NaN through, a check before it does not.
  const std::string bin = shell_word(PERFGATE_CRASH_SUITE);
  for (const std::string& command :
       {"ab --baseline-bin " + bin + " --candidate-bin " + bin + " --remeasure-seconds=nan",
        "ab --baseline-bin " + bin + " --candidate-bin " + bin + " --remeasure-seconds=inf",
        "ab --baseline-bin " + bin + " --candidate-bin " + bin + " --remeasure-seconds=-1",
        "history changes --max-p nan --history " + shell_word((dir_ / "h.sqlite").string()),
        "history report --max-p nan --out " + shell_word((dir_ / "site").string()) + " --history " +
            shell_word((dir_ / "h.sqlite").string())}) {
    const auto run = run_shell(cli(command));
    EXPECT_EQ(run.exit_code, 2) << command << "\n" << run.output;
    EXPECT_EQ(count_occurrences(run.output, "\n"), 1u) << run.output;
    const std::string flag = command.find("--max-p") != std::string::npos ? "--max-p" : "--remeasure-seconds";
    EXPECT_NE(run.output.find(flag + ": "), std::string::npos) << run.output;
    EXPECT_EQ(run.output.find("ab round"), std::string::npos) << "measured: " << run.output;
  }
}

}  // namespace
}  // namespace perfgate
