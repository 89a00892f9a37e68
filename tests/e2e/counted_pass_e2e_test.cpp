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
