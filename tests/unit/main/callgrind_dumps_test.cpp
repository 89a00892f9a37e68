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
  EXPECT_EQ(loop.events.at("D1mr"), 1347673u);
  EXPECT_EQ(loop.events.at("Bcm"), 266341u);
  EXPECT_EQ(fixture(4).trigger, "Client Request: perfgate-case:cpu_gemm/blocked/256");
}

TEST(CallgrindDumps, TextThatIsNoDumpIsRefused) {
  EXPECT_FALSE(read_callgrind_dump(""));
  EXPECT_FALSE(read_callgrind_dump("events: Ir Dr\nsummary: 12\n")) << "fewer values than events";
  EXPECT_FALSE(read_callgrind_dump("events: Ir\nsummary: -3\n"));
  EXPECT_FALSE(read_callgrind_dump("{\"benchmarks\": []}"));
}

TEST(CallgrindDumps, EachCasesLoopsAreTheDumpsBeforeItsMarker) {
  std::vector<CallgrindDump> dumps = {fixture(3), fixture(1), fixture(4), fixture(2)};  // any order: by part
  CallgrindDump second_loop = fixture(1), second_marker = fixture(4), end;
  second_loop.part = 5;
  second_marker.part = 6;
  second_marker.trigger = "Client Request: perfgate-case:cpu_gemm/blocked/512";
  end.part = 7;
  end.trigger = "Program termination";
  CallgrindDump stray = fixture(1);
  stray.part = 8;  // a loop after the last marker: its case never said its name
  dumps.insert(dumps.end(), {second_loop, second_marker, end, stray});
  const auto by_case = loop_dumps_by_case(dumps);
  ASSERT_EQ(by_case.size(), 2u);
  const std::vector<CallgrindDump>& first = by_case.at("cpu_gemm/blocked/256");
  ASSERT_EQ(first.size(), 3u);
  EXPECT_EQ(first[0].part, 1);
  EXPECT_EQ(first[2].part, 3);
  EXPECT_EQ(by_case.at("cpu_gemm/blocked/512").size(), 1u);
}

TEST(CallgrindDumps, CountersAreTheMedianAfterTheWarmUpWithTheirSpread) {
  const std::vector<CallgrindDump> loops = {fixture(1), fixture(2), fixture(3)};
  const std::map<std::string, double> counters = counted_counters(loops);
  EXPECT_EQ(counters.at("instructions"), 40444669.0) << "the warm-up's 40447655 is left out";
  EXPECT_EQ(counters.at("l1_misses"), 19.0 + 1347673.0 + 4102.0 - 1.0) << "the median of 19 and 17 I1 misses is 18";
  EXPECT_EQ(counters.at("branch_mispredicts"), (266341.0 + 266338.0) / 2 + 6.0);
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
