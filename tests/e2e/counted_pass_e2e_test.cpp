// The counted pass (--perfgate_instructions) end to end on a suite binary
// whose cases execute known instruction counts (counted_selftest_suite.cpp):
// each count is the timed loop's own (2 instructions an iteration, the
// set-up outside the loop left out), identical run to run; without valgrind,
// or on a GPU suite, the flag is one line, exit 2, nothing measured.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <string>

#include "shell.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::run_shell;
using testing::shell_word;
using testing::TempDir;

bool valgrind_here() { return run_shell("command -v valgrind").exit_code == 0; }

// Each case's counters from a record run with the counted pass.
std::map<std::string, nlohmann::json> counted_run(const TempDir& dir, const std::string& name) {
  const fs::path results = dir / (name + ".json");
  const auto run = run_shell(shell_word(PERFGATE_COUNTED_SUITE) + " --perfgate_mode=record --perfgate_results=" +
                             shell_word(results.string()) + " --perfgate_instructions --benchmark_repetitions=2 2>&1");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("perfgate: counted 3 of 3 case(s) under callgrind"), std::string::npos) << run.output;
  std::map<std::string, nlohmann::json> counters;
  if (!fs::exists(results)) {
    ADD_FAILURE() << "no " << results << ":\n" << run.output;
    return counters;
  }
  const nlohmann::json document = nlohmann::json::parse(read_text(results));  // kept: the loop reads into it
  for (const nlohmann::json& b : document.at("benchmarks")) {
    counters[b.at("name").get<std::string>()] = b.value("counters", nlohmann::json::object());
    EXPECT_TRUE(b.contains("counters") && b.at("counters").contains("instructions")) << b.dump() << "\n" << run.output;
  }
  return counters;
}

double instructions(const std::map<std::string, nlohmann::json>& run, const std::string& name) {
  const auto found = run.find(name);
  if (found == run.end() || !found->second.contains("instructions")) {
    ADD_FAILURE() << name << " has no instructions counter";
    return 0.0;
  }
  return found->second.at("instructions").get<double>();
}

TEST(CountedPass, CountsTheTimedLoopExactlyAndLeavesTheSetUpOut) {
  if (!valgrind_here()) GTEST_SKIP() << "valgrind is not installed (apt-get install valgrind)";
  const TempDir dir;
  const auto first = counted_run(dir, "first");
  const double one = instructions(first, "known_loop/1000000");
  const double two = instructions(first, "known_loop/2000000");
  // 2 instructions an iteration: a million more iterations, 2,000,000 more
  // instructions (the loop's entry and Google Benchmark's own few
  // instructions around it are the same in both).
  EXPECT_NEAR(two - one, 2000000.0, 8.0) << one << " and " << two;
  // The loop and what surrounds it: the call, StartKeepRunning's body, the
  // iterator; well under 1% of the loop.
  EXPECT_GE(one, 2000000.0);
  EXPECT_LT(one, 2000000.0 + 20000.0) << one;
  // The 40 million instructions of set-up before the loop are not counted.
  EXPECT_NEAR(instructions(first, "with_set_up/1000000"), one, 64.0);
  for (const auto& [name, counters] : first) {
    EXPECT_EQ(counters.at("instructions_spread_pct").get<double>(), 0.0) << name << ": " << counters.dump();
    EXPECT_TRUE(counters.contains("l1_misses") && counters.contains("branch_mispredicts")) << counters.dump();
  }
  // Another run, another process: the same counts (they do not move with the machine).
  const auto second = counted_run(dir, "second");
  for (const std::string& name : {"known_loop/1000000", "known_loop/2000000", "with_set_up/1000000"})
    EXPECT_EQ(instructions(second, name), instructions(first, name)) << name;
}

// A planted 2% more work in one host case: the time gate on this loaded VM
// cannot see it (docs/measurements.md, "Counted work"), the count gate does.
// The suite binary's gate run fails on the counts (exit 1, "REGRESSION
// (counted)" in the JUnit file, counted-work names the count), whatever its
// time did; judged again with the gate measure "time", the counts are
// reported and make no verdict.
TEST(CountedPass, APlantedTwoPercentMoreWorkFailsTheGateOnItsCounts) {
  if (!valgrind_here()) GTEST_SKIP() << "valgrind is not installed (apt-get install valgrind)";
  const TempDir dir;
  const std::string suite = shell_word(PERFGATE_HOST_SUITE) +
                            " --benchmark_filter='^cpu_elementwise/fused' --benchmark_repetitions=5 --perfgate_instructions";
  const auto base = run_shell(suite + " --perfgate_mode=record --perfgate_results=" +
                              shell_word((dir / "base.json").string()) + " 2>&1");
  ASSERT_EQ(base.exit_code, 0) << base.output;
  const fs::path out = dir / "out";
  const auto gated = run_shell("PERFGATE_ANNOTATIONS=0 PERFGATE_ALLOW_FAULT_INJECTION=1 "
                               "PERFGATE_HOST_PLANT_SLOWDOWN=cpu_elementwise/fused/1048576 PERFGATE_HOST_PLANT_WORK_PCT=2 " +
                               suite + " --perfgate_baseline=" + shell_word((dir / "base.json").string()) +
                               " --perfgate_out_dir=" + shell_word(out.string()) + " 2>&1");
  EXPECT_EQ(gated.exit_code, 1) << gated.output;
  const nlohmann::json comparison = nlohmann::json::parse(read_text(out / "host.comparison.json"));
  const nlohmann::json* planted = nullptr;
  for (const nlohmann::json& b : comparison.at("benchmarks"))
    if (b.at("name") == "cpu_elementwise/fused/1048576") planted = &b;
  ASSERT_NE(planted, nullptr) << gated.output;
  EXPECT_EQ(planted->at("verdict"), "REGRESSION") << planted->dump();
  const nlohmann::json& counted = planted->at("counted_work");
  EXPECT_TRUE(counted.at("decided").get<bool>()) << counted.dump();
  // 2% more elements of the chain: the instructions grow by 2% within 0.1 points.
  EXPECT_NEAR(counted.at("instructions").at("change_pct").get<double>(), 2.0, 0.1) << counted.dump();
  EXPECT_LT(counted.at("spread_pct").get<double>(), 0.1) << "counts repeat under load";
  const std::string junit = read_text(out / "host.junit.xml");
  EXPECT_NE(junit.find("REGRESSION (counted)"), std::string::npos) << junit;
  EXPECT_NE(junit.find("cpu_elementwise/fused/1048576: counted instructions"), std::string::npos) << junit;
  const nlohmann::json* named = nullptr;
  for (const nlohmann::json& s : comparison.at("suggestions"))
    if (s.at("rule") == "counted-work") named = &s;
  ASSERT_NE(named, nullptr) << gated.output;
  EXPECT_EQ(named->at("benchmark"), "cpu_elementwise/fused/1048576");
  EXPECT_NE(named->at("evidence").get<std::string>().find("the case failed on its counts"), std::string::npos);

  // The same two runs judged by time alone: the counts are only reported.
  const auto by_time = run_shell(shell_word(PERFGATE_CLI) + " compare " + shell_word((dir / "base.json").string()) + " " +
                                 shell_word((out / "host.results.json").string()) + " --gate-measure time --json " +
                                 shell_word((dir / "time.json").string()) + " 2>&1");
  EXPECT_TRUE(by_time.exit_code == 0 || by_time.exit_code == 1) << by_time.output;
  const nlohmann::json timed = nlohmann::json::parse(read_text(dir / "time.json"));
  for (const nlohmann::json& b : timed.at("benchmarks")) {
    if (b.at("name") != "cpu_elementwise/fused/1048576") continue;
    EXPECT_EQ(b.at("counted_work").at("verdict"), "REGRESSION") << b.dump();
    EXPECT_FALSE(b.at("counted_work").at("decided").get<bool>()) << b.dump();
    EXPECT_EQ(b.at("reason").get<std::string>().find("counted:"), std::string::npos) << b.dump();
  }
  EXPECT_EQ(run_shell(shell_word(PERFGATE_CLI) + " compare " + shell_word((dir / "base.json").string()) + " " +
                      shell_word((out / "host.results.json").string()) + " --gate-measure counted 2>&1")
                .exit_code,
            2);
}

// perfgate ab --instructions: each build's work is counted once (in its
// first round), the candidate's planted 2% more work fails it on its counts
// whatever the rounds' times say.
TEST(CountedPass, AbCountsEachBuildOnceAndFailsThePlantedWork) {
  if (!valgrind_here()) GTEST_SKIP() << "valgrind is not installed (apt-get install valgrind)";
  const TempDir dir;
  const fs::path planted = dir / "perf_host_more_work";
  testing::write_text(planted, "#!/bin/sh\nPERFGATE_ALLOW_FAULT_INJECTION=1 PERFGATE_HOST_PLANT_WORK_PCT=2 "
                               "PERFGATE_HOST_PLANT_SLOWDOWN=cpu_elementwise/fused/1048576 exec " +
                                   shell_word(PERFGATE_HOST_SUITE) + " \"$@\"\n");
  fs::permissions(planted, fs::perms::owner_all);
  const auto run = run_shell("PERFGATE_ANNOTATIONS=0 " + shell_word(PERFGATE_CLI) + " ab --baseline-bin " +
                             shell_word(PERFGATE_HOST_SUITE) + " --candidate-bin " + shell_word(planted.string()) +
                             " --instructions --rounds 2 --repetitions 2 --json " + shell_word((dir / "ab.json").string()) +
                             " -- '--benchmark_filter=^cpu_elementwise/fused' 2>&1");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_EQ(testing::count_occurrences(run.output, "perfgate: counted 1 of 1 case(s) under callgrind"), 2u) << run.output;
  const nlohmann::json comparison = nlohmann::json::parse(read_text(dir / "ab.json"));
  ASSERT_EQ(comparison.at("benchmarks").size(), 1u) << run.output;
  const nlohmann::json& b = comparison.at("benchmarks").at(0);
  EXPECT_EQ(b.at("verdict"), "REGRESSION") << b.dump();
  EXPECT_TRUE(b.at("counted_work").at("decided").get<bool>()) << b.dump();
  EXPECT_NEAR(b.at("counted_work").at("instructions").at("change_pct").get<double>(), 2.0, 0.1) << b.dump();
  EXPECT_EQ(b.at("confirmation"), "not_needed") << "counts are not confirmed by rounds";
}

// One line, exit 2, before anything is measured.
void expect_refused(const std::string& command, const std::string& says, const fs::path& results) {
  const auto run = run_shell(command + " --perfgate_mode=record --perfgate_results=" + shell_word(results.string()) +
                             " --perfgate_instructions 2>&1");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("--perfgate_instructions: " + says), std::string::npos) << run.output;
  EXPECT_EQ(testing::count_occurrences(run.output, "\n"), 1u) << run.output;
  EXPECT_FALSE(fs::exists(results)) << "nothing measured";
}

TEST(CountedPass, WithoutValgrindTheFlagIsOneLineAndExitTwo) {
  const std::string no_valgrind = "PATH=/nonexistent ";
  const auto ab = run_shell(no_valgrind + shell_word(PERFGATE_CLI) + " ab --baseline-bin " + shell_word(PERFGATE_HOST_SUITE) +
                            " --candidate-bin " + shell_word(PERFGATE_HOST_SUITE) + " --instructions 2>&1");
  EXPECT_EQ(ab.exit_code, 2) << ab.output;
  EXPECT_NE(ab.output.find("--instructions: valgrind is not on PATH"), std::string::npos) << ab.output;
  const TempDir dir;
  expect_refused("PATH=" + shell_word((dir / "no-tools").string()) + " " + shell_word(PERFGATE_COUNTED_SUITE),
                 "valgrind is not on PATH", dir / "r.json");
}

// A GPU suite's kernels are counted through CUPTI's range profiler where a
// device is; without one, the flag is one line and exit 2 naming why.
TEST(CountedPass, AGpuSuiteCountsItsKernelsOrSaysWhyNot) {
#ifdef PERFGATE_GPU_SUITE
  const TempDir dir;
  const fs::path results = dir / "r.json";
  const std::string one_kernel_case = " '--benchmark_filter=^read/three_quarters_of_L2/hot:0' --benchmark_repetitions=1";
  const auto run = run_shell(shell_word(PERFGATE_GPU_SUITE) + " --perfgate_mode=record --perfgate_results=" +
                             shell_word(results.string()) + one_kernel_case + " --perfgate_instructions 2>&1");
  if (run.output.find("no CUDA device") != std::string::npos) {
    EXPECT_EQ(run.exit_code, 2) << run.output;
    EXPECT_NE(run.output.find("--perfgate_instructions: no CUDA device"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("(this suite's kernels are counted through CUPTI on a GPU)"), std::string::npos)
        << run.output;
    EXPECT_EQ(testing::count_occurrences(run.output, "\n"), 1u) << run.output;
    EXPECT_FALSE(fs::exists(results)) << "nothing measured";
  } else {
    ASSERT_EQ(run.exit_code, 0) << run.output;
    const nlohmann::json measured = nlohmann::json::parse(read_text(results));
    ASSERT_EQ(measured.at("benchmarks").size(), 1u) << run.output;
    const nlohmann::json& b = measured.at("benchmarks").at(0);
    if (run.output.find("not permitted to this user") != std::string::npos) {
      // NVreg_RestrictProfilingToAdminUsers: one line, and the times stand.
      EXPECT_FALSE(b.contains("kernel_counts")) << b.dump();
      EXPECT_FALSE(b.at("samples").empty()) << b.dump();
    } else {
      ASSERT_TRUE(b.contains("kernel_counts")) << run.output;
      EXPECT_GT(b.at("counters").at("kernel_instructions").get<double>(), 0.0) << b.dump();
      EXPECT_GT(b.at("counters").at("kernel_dram_bytes_read").get<double>(), 0.0) << b.dump();
      EXPECT_LT(b.at("counters").at("kernel_instructions_spread_pct").get<double>(), 1.0) << b.dump();
      EXPECT_NE(run.output.find("perfgate: counted the kernels of 1 of 1 case(s) through CUPTI"), std::string::npos)
          << run.output;
    }
  }
  // =auto (perfgate run --instructions over suites of both kinds): without
  // a device, one line, and the suite goes on (it skips its cases).
  const fs::path automatic = dir / "auto.json";
  const auto run_auto = run_shell(shell_word(PERFGATE_GPU_SUITE) + " --perfgate_mode=record --perfgate_results=" +
                                  shell_word(automatic.string()) + one_kernel_case + " --perfgate_instructions=auto 2>&1");
  EXPECT_NE(run_auto.exit_code, 2) << run_auto.output;
  if (run.output.find("no CUDA device") != std::string::npos)
    EXPECT_NE(run_auto.output.find("perfgate: not counted (--perfgate_instructions=auto): no CUDA device"),
              std::string::npos)
        << run_auto.output;
#else
  GTEST_SKIP() << "perfgate was built without CUDA: no GPU suite here";
#endif
}

}  // namespace
}  // namespace perfgate
