// The counted pass's reading of callgrind's output: real dumps of one case
// (tests/fixtures/callgrind), grouped by the worker's markers, and each
// case's counters: the median of the repetitions after the first, and the
// spread of the instructions.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "main/callgrind_dumps.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;

const fs::path kFixtures = fs::path(PERFGATE_TEST_FIXTURES) / "callgrind" / "gemm_blocked_256";

CallgrindDump fixture(int part) {
  std::ifstream in(kFixtures / ("callgrind.out." + std::to_string(part)));
  std::stringstream text;
  text << in.rdbuf();
  const std::optional<CallgrindDump> dump = read_callgrind_dump(text.str());
  EXPECT_TRUE(dump.has_value()) << "part " << part;
  return dump.value_or(CallgrindDump{});
}

TEST(CallgrindDumps, ARealDumpReadsBackItsPartTriggerAndEveryEvent) {
  const CallgrindDump loop = fixture(2);
  EXPECT_EQ(loop.part, 2);
  EXPECT_EQ(loop.trigger, "--dump-before=benchmark::State::FinishKeepRunning()");
  ASSERT_EQ(loop.events.size(), 13u) << "Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim";
  EXPECT_EQ(loop.events.at("Ir"), 40444669u);
  EXPECT_EQ(loop.events.at("D1mr"), 1352761u);
  EXPECT_EQ(loop.events.at("Bcm"), 266339u);
  EXPECT_EQ(fixture(4).trigger, "Client Request: perfgate-case:1,1,1 cpu_gemm/blocked/256");
  EXPECT_EQ(case_marker("cpu_gemm/blocked/256", {1, 1, 1}), "perfgate-case:1,1,1 cpu_gemm/blocked/256");
}

TEST(CallgrindDumps, TextThatIsNoDumpIsRefused) {
  EXPECT_FALSE(read_callgrind_dump(""));
  EXPECT_FALSE(read_callgrind_dump("events: Ir Dr\nsummary: 12\n")) << "fewer values than events";
  EXPECT_FALSE(read_callgrind_dump("events: Ir\nsummary: -3\n"));
  EXPECT_FALSE(read_callgrind_dump("{\"benchmarks\": []}"));
}

// A marker dump named the way the worker names it.
CallgrindDump marker(int part, const std::string& name, const std::vector<std::int64_t>& iterations) {
  CallgrindDump dump = fixture(4);
  dump.part = part;
  dump.trigger = std::string("Client Request: ") + case_marker(name, iterations);
  return dump;
}

CallgrindDump loop(int part, std::uint64_t instructions) {
  CallgrindDump dump = fixture(2);
  dump.part = part;
  dump.events["Ir"] = instructions;
  return dump;
}

TEST(CallgrindDumps, EachCasesRepetitionsAreTheLastLoopDumpsBeforeItsMarker) {
  std::vector<CallgrindDump> dumps = {fixture(3), fixture(1), fixture(4), fixture(2)};  // any order: by part
  // A case whose first repetition searched for its iteration count (1, then
  // 10 iterations: two runs Google Benchmark does not report), then 3
  // repetitions of 10 iterations each.
  for (const CallgrindDump& d : {loop(5, 1000), loop(6, 10000), loop(7, 10010), loop(8, 10000),
                                 marker(9, "cpu_gemm/blocked/512", {10, 10, 10})})
    dumps.push_back(d);
  CallgrindDump end = fixture(4);
  end.part = 10;
  end.trigger = "Program termination";
  dumps.push_back(end);
  dumps.push_back(loop(11, 5));  // a loop after the last marker: its case never said its name
  dumps.push_back(marker(12, "more repetitions than loops", {1, 1}));
  const auto by_case = loop_dumps_by_case(dumps);
  ASSERT_EQ(by_case.size(), 2u) << "the last marker names two repetitions but follows one loop dump";
  const std::vector<CallgrindDump>& first = by_case.at("cpu_gemm/blocked/256");
  ASSERT_EQ(first.size(), 3u);
  EXPECT_EQ(first[0].part, 1);
  EXPECT_EQ(first[2].part, 3);
  const std::vector<CallgrindDump>& second = by_case.at("cpu_gemm/blocked/512");
  ASSERT_EQ(second.size(), 3u) << "the search's run of 1 iteration is no repetition";
  EXPECT_EQ(second[0].part, 6);
  EXPECT_EQ(second[0].iterations, 10);
  // Per iteration: 1000.0 and 1001.0 after the first; their median, 1000.5.
  EXPECT_EQ(counted_counters(second).at("instructions"), 1000.5);
  EXPECT_NEAR(counted_counters(second).at("instructions_spread_pct"), 1.0 / 1000.5 * 100.0, 1e-9);
}

TEST(CallgrindDumps, CountersAreTheMedianAfterTheWarmUpWithTheirSpread) {
  const std::vector<CallgrindDump> loops = {fixture(1), fixture(2), fixture(3)};
  const std::map<std::string, double> counters = counted_counters(loops);
  EXPECT_EQ(counters.at("instructions"), 40444669.0) << "the warm-up's 40447655 is left out";
  EXPECT_EQ(counters.at("l1_misses"), 16.0 + 1352761.0 + 4104.0) << "the median of 17 and 15 I1 misses is 16";
  EXPECT_EQ(counters.at("branch_mispredicts"), (266339.0 + 266334.0) / 2 + 6.0);
  EXPECT_EQ(counters.at("instructions_spread_pct"), 0.0);
  EXPECT_EQ(counters.count("ll_misses"), 0u);
  std::vector<CallgrindDump> moved = loops;
  moved[2].events["Ir"] = 40444669u + 404447u;  // one repetition 1% more
  EXPECT_NEAR(counted_counters(moved).at("instructions_spread_pct"), 1.0, 0.01);
  EXPECT_TRUE(counted_counters({fixture(1)}).empty()) << "a warm-up alone counts nothing";
  CallgrindDump bare = fixture(2);
  bare.events = {{"Ir", 5u}};
  EXPECT_EQ(counted_counters({bare, bare}).size(), 2u) << "without the simulations: instructions and their spread only";
}

}  // namespace
}  // namespace perfgate
