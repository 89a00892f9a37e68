// Issue 24: what a run means.  NOT GATED (nothing judged against a baseline
// of this device) is its own state, never PASS; a run that gated some cases
// says how many (perfgate/gate/gate_status.hpp).

#include "perfgate/gate/gate_status.hpp"

#include <gtest/gtest.h>

#include "perfgate/gate/exit_code.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;
using testing::skipped_benchmark;

BenchmarkResult timed(const std::string& name, double median, std::uint64_t seed, std::size_t n = 10) {
  return benchmark(name, lognormal_samples(median, 0.01, n, seed));
}

const Results kBase = results("s", {timed("a", 1e-3, 1), timed("b", 2e-3, 2), timed("c", 3e-3, 3)});

TEST(GateStatus, EveryCaseJudgedIsAPass) {
  const Comparison c = compare_results(kBase, results("s", {timed("a", 1e-3, 11), timed("b", 2e-3, 12), timed("c", 3e-3, 13)}));
  EXPECT_EQ(gate_exit_code(c), kExitOk);
  EXPECT_EQ(gate_status(c, kExitOk), GateStatus::pass);
  EXPECT_EQ(gate_coverage(c).gated, 3u);
  EXPECT_EQ(gate_coverage(c).cases, 3u);
  EXPECT_EQ(not_gated_reason(c), "");
}

TEST(GateStatus, AnotherDevicesBaselineIsNotGatedWithTheReason) {
  const Comparison c = compare_results(kBase, results("s", {timed("a", 1e-3, 11), timed("b", 2e-3, 12)},
                                                      testing::test_cpu("Another CPU 1000")));
  EXPECT_EQ(gate_exit_code(c), kExitOk);
  EXPECT_EQ(gate_status(c, kExitOk), GateStatus::not_gated);
  EXPECT_STREQ(to_string(GateStatus::not_gated), "NOT GATED");
  EXPECT_STREQ(to_json_string(GateStatus::not_gated), "NOT_GATED");
  EXPECT_EQ(gate_coverage(c).gated, 0u);
  EXPECT_EQ(gate_coverage(c).cases, 2u) << "REMOVED cases are not this run's";
  EXPECT_NE(not_gated_reason(c).find("another device"), std::string::npos) << not_gated_reason(c);
}

TEST(GateStatus, NoBaselineAtAllMakesEveryCaseNewAndTheRunNotGated) {
  Comparison c = compare_results(results("s", {}), results("s", {timed("a", 1e-3, 11), timed("b", 2e-3, 12)}));
  c.gate_advice = "record a baseline for cpu-x with `perfgate baseline update --suite s` on this runner";
  EXPECT_EQ(c.verdict_counts().at(Verdict::added), 2u);
  EXPECT_EQ(gate_exit_code(c), kExitOk);
  EXPECT_EQ(gate_status(c, kExitOk), GateStatus::not_gated);
  const std::string why = not_gated_reason(c);
  EXPECT_NE(why.find("no baseline"), std::string::npos) << why;
  EXPECT_NE(why.find("perfgate baseline update --suite s"), std::string::npos) << "the command that fixes it: " << why;
}

TEST(GateStatus, RequireGatedMakesNotGatedExit2AndStaysNotGated) {
  GateSettings strict;
  strict.require_gated = true;
  const Comparison c = compare_results(results("s", {}), results("s", {timed("a", 1e-3, 11)}), strict);
  EXPECT_EQ(gate_exit_code(c), kExitError);
  EXPECT_EQ(gate_status(c, kExitError), GateStatus::not_gated) << "exit 2 for want of a gated case alone";
  // A gated run is unaffected by the switch.
  const Comparison gated = compare_results(kBase, results("s", {timed("a", 1e-3, 11)}), strict);
  EXPECT_EQ(gate_exit_code(gated), kExitOk);
  EXPECT_EQ(gate_status(gated, kExitOk), GateStatus::pass);
  // A failed case is an ERROR, switch or not.
  const Comparison failed = compare_results(results("s", {}), results("s", {testing::failed_benchmark("a", "boom")}), strict);
  EXPECT_EQ(gate_status(failed, gate_exit_code(failed)), GateStatus::error);
}

TEST(GateStatus, SomeCasesGatedIsAPassThatSaysHowMany) {
  const Comparison c = compare_results(kBase, results("s", {timed("a", 1e-3, 11), timed("new", 1e-3, 12),
                                                            skipped_benchmark("c", "no CUDA device")}));
  EXPECT_EQ(gate_status(c, gate_exit_code(c)), GateStatus::pass);
  EXPECT_EQ(coverage_text(gate_coverage(c)), "1 of 3 cases gated");
}

TEST(GateStatus, TooFewSamplesIsNotJudged) {
  const Results base = results("s", {timed("a", 1e-3, 1, 1), timed("b", 1e-3, 2, 1)});
  const Comparison c = compare_results(base, results("s", {timed("a", 1.5e-3, 11, 1), timed("b", 1e-3, 12, 1)}));
  EXPECT_EQ(c.find("a")->verdict, Verdict::inconclusive);
  EXPECT_EQ(gate_coverage(c).gated, 0u);
  EXPECT_EQ(gate_status(c, gate_exit_code(c)), GateStatus::not_gated);
  EXPECT_NE(not_gated_reason(c).find("2 with fewer than 5 samples a side (record more repetitions)"), std::string::npos) << not_gated_reason(c);
}

TEST(GateStatus, IgnoredCasesAreNotGated) {
  Results base = kBase;
  for (BenchmarkResult& b : base.benchmarks) b.gate.ignore = true;
  const Comparison c = compare_results(base, results("s", {timed("a", 1e-3, 11), timed("b", 2e-3, 12), timed("c", 3e-3, 13)}));
  EXPECT_EQ(gate_status(c, gate_exit_code(c)), GateStatus::not_gated);
}

TEST(GateStatus, EverythingSkippedIsSkippedNotNotGated) {
  const Comparison c = compare_results(Results{}, results("s", {skipped_benchmark("a", "no CUDA device")}));
  EXPECT_EQ(gate_exit_code(c), kExitAllSkipped);
  EXPECT_EQ(gate_status(c, kExitAllSkipped), GateStatus::skipped);
  EXPECT_EQ(not_gated_reason(c), "");
}

TEST(GateStatus, ARegressionFailsAndAnErrorIsAnError) {
  const Comparison slow = compare_results(kBase, results("s", {timed("a", 2e-3, 11), timed("b", 2e-3, 12), timed("c", 3e-3, 13)}));
  EXPECT_EQ(gate_status(slow, gate_exit_code(slow)), GateStatus::fail);
  const Comparison broken = compare_results(kBase, results("s", {testing::failed_benchmark("a", "boom"), timed("b", 2e-3, 12)}));
  EXPECT_EQ(gate_status(broken, gate_exit_code(broken)), GateStatus::error);
}

TEST(GateStatus, JsonNamesRoundTrip) {
  for (GateStatus s : {GateStatus::pass, GateStatus::fail, GateStatus::error, GateStatus::not_gated, GateStatus::skipped})
    EXPECT_EQ(gate_status_from_json(to_json_string(s)), s);
  EXPECT_FALSE(gate_status_from_json("NOT GATED"));
}

}  // namespace
}  // namespace perfgate
