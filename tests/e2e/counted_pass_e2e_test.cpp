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

// 2% more work planted in one host case (the element-wise chain once more
// over 2% of its elements): below the time gate's 5% threshold, so time
// cannot fail it, but the counts see it and counted-work names it, with
// the count and the time verdict beside it.
TEST(CountedPass, APlantedTwoPercentMoreWorkIsNamedByItsCounts) {
  if (!valgrind_here()) GTEST_SKIP() << "valgrind is not installed (apt-get install valgrind)";
  const TempDir dir;
  const std::string suite = shell_word(PERFGATE_HOST_SUITE) +
                            " --benchmark_filter='^cpu_elementwise/fused' --benchmark_repetitions=5 --perfgate_mode=record"
                            " --perfgate_instructions --perfgate_results=";
  const auto base = run_shell(suite + shell_word((dir / "base.json").string()) + " 2>&1");
  ASSERT_EQ(base.exit_code, 0) << base.output;
  const auto planted = run_shell("PERFGATE_ALLOW_FAULT_INJECTION=1 PERFGATE_HOST_PLANT_SLOWDOWN=cpu_elementwise/fused/1048576 "
                                 "PERFGATE_HOST_PLANT_WORK_PCT=2 " + suite + shell_word((dir / "planted.json").string()) + " 2>&1");
  ASSERT_EQ(planted.exit_code, 0) << planted.output;
  const auto compared = run_shell(shell_word(PERFGATE_CLI) + " compare " + shell_word((dir / "base.json").string()) + " " +
                                  shell_word((dir / "planted.json").string()) + " --json " +
                                  shell_word((dir / "c.json").string()) + " 2>&1");
  EXPECT_TRUE(compared.exit_code == 0 || compared.exit_code == 1) << compared.output;
  const nlohmann::json comparison = nlohmann::json::parse(read_text(dir / "c.json"));
  const nlohmann::json* named = nullptr;
  for (const nlohmann::json& s : comparison.at("suggestions"))
    if (s.at("rule") == "counted-work") named = &s;
  ASSERT_NE(named, nullptr) << compared.output;
  EXPECT_EQ(named->at("benchmark"), "cpu_elementwise/fused/1048576");
  const std::string evidence = named->at("evidence");
  // 2% more elements of the chain: the instructions grow by 2% within 0.1 points.
  const std::size_t at = evidence.find(" (+");
  ASSERT_NE(at, std::string::npos) << evidence;
  EXPECT_NEAR(std::stod(evidence.substr(at + 3)), 2.0, 0.1) << evidence;
  EXPECT_NE(evidence.find("the time verdict: "), std::string::npos) << evidence;
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
  const TempDir dir;
  expect_refused("PATH=" + shell_word((dir / "no-tools").string()) + " " + shell_word(PERFGATE_COUNTED_SUITE),
                 "valgrind is not on PATH", dir / "r.json");
}

TEST(CountedPass, AGpuSuiteIsRefusedNamingWhatWouldCountIt) {
#ifdef PERFGATE_GPU_SUITE
  const TempDir dir;
  expect_refused(shell_word(PERFGATE_GPU_SUITE), "this suite's cases run on a GPU", dir / "r.json");
#else
  GTEST_SKIP() << "perfgate was built without CUDA: no GPU suite here";
#endif
}

}  // namespace
}  // namespace perfgate
