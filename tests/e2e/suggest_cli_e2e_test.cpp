// `perfgate suggest` on the built-in GPU suites' real H100 results
// (tests/fixtures/h100): the suggestions a user of those suites should get,
// rules switched off by name, and bad input.

#include <algorithm>
#include <set>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "shell.hpp"

namespace perfgate {
namespace {

using nlohmann::json;
using testing::run_shell;
using testing::shell_word;

std::string fixture(const std::string& suite) {
  return std::string(PERFGATE_TEST_FIXTURES) + "/h100/" + suite + ".results.json";
}

testing::CommandResult suggest(const std::string& args) {
  return run_shell(shell_word(PERFGATE_CLI) + " suggest " + args + " --baseline-dir " + shell_word(PERFGATE_REPO_BASELINES));
}

json suggestions(const std::string& suite, const std::string& extra = "") {
  const auto r = suggest(shell_word(fixture(suite)) + " --json " + extra);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return json::parse(r.output);
}

// Does any suggestion of `rule` concern `benchmark` ("" = any)?
bool has(const json& list, const std::string& rule, const std::string& benchmark = "") {
  for (const json& s : list)
    if (s["rule"] == rule && (benchmark.empty() || s["benchmark"] == benchmark)) return true;
  return false;
}

TEST(SuggestCli, GemmResultsSuggestBf16AndAlignedShapes) {
  const json list = suggestions("gemm");
  EXPECT_TRUE(has(list, "faster-precision", "gemm/fp32/8192x8192x8192")) << list.dump(2);
  EXPECT_TRUE(has(list, "tensor-core-alignment", "gemm/bf16/4095x4095x4095")) << list.dump(2);
  EXPECT_FALSE(has(list, "tensor-core-alignment", "gemm/bf16/4096x4096x4096"));
  for (const json& s : list)
    if (s["rule"] == "faster-precision" && s["benchmark"] == "gemm/fp32/8192x8192x8192") {
      EXPECT_TRUE(s["expected_gain"]["measured"].get<bool>());
      EXPECT_GT(s["expected_gain"]["factor"].get<double>(), 10.0) << s.dump();  // BF16 ran 14.6x faster there
      EXPECT_EQ(s["priority"], "high");
    }
}

TEST(SuggestCli, EachWorkloadGetsItsAdvice) {
  EXPECT_TRUE(has(suggestions("elementwise"), "jit-break-even"));
  EXPECT_TRUE(has(suggestions("memory"), "memory-pool", "memory/cudaMalloc/256MiB"));
  const json transfer = suggestions("transfer");
  EXPECT_TRUE(has(transfer, "transfers", "transfer/h2d/pageable/256MiB")) << transfer.dump(2);
  EXPECT_TRUE(has(transfer, "transfers", "transfer/batch/sync")) << transfer.dump(2);
  EXPECT_TRUE(has(suggestions("fno"), "batch-size"));
  EXPECT_TRUE(has(suggestions("kde"), "compute-bound", "kde/reference/realistic"));
}

TEST(SuggestCli, SortedByPriorityThenExpectedGain) {
  const json list = suggestions("gemm");
  ASSERT_GT(list.size(), 1u);
  const std::vector<std::string> order = {"critical", "high", "medium", "low"};
  auto rank = [&](const json& s) { return std::find(order.begin(), order.end(), s["priority"].get<std::string>()) - order.begin(); };
  for (std::size_t i = 1; i < list.size(); ++i) {
    ASSERT_LE(rank(list[i - 1]), rank(list[i])) << list.dump(2);
    if (rank(list[i - 1]) == rank(list[i]))
      EXPECT_GE(list[i - 1]["expected_gain"]["factor"].get<double>(), list[i]["expected_gain"]["factor"].get<double>());
  }
}

TEST(SuggestCli, RulesAreSwitchedOffByName) {
  const json list = suggestions("gemm", "--suggest-disable faster-precision,tensor-core-alignment");
  EXPECT_FALSE(has(list, "faster-precision"));
  EXPECT_FALSE(has(list, "tensor-core-alignment"));
}

TEST(SuggestCli, ListsEveryRule) {
  const auto r = run_shell(shell_word(PERFGATE_CLI) + " suggest --list");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* rule : {"launch-bound", "memory-bound", "compute-bound", "faster-precision", "tensor-core-alignment",
                           "batch-size", "jit-break-even", "memory-pool", "transfers", "noisy", "gpu-slower-than-cpu",
                           "regression-explained", "scaling-efficiency", "collective-below-peak", "gradient-method"})
    EXPECT_NE(r.output.find(rule), std::string::npos) << rule;
}

TEST(SuggestCli, ConsoleShowsEvidenceAndHint) {
  const auto r = suggest(shell_word(fixture("memory")));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("Suggestions:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("evidence:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("hint:"), std::string::npos) << r.output;
}

TEST(SuggestCli, AnUnknownRuleIsOneLineAndExitTwo) {
  const auto r = suggest(shell_word(fixture("gemm")) + " --suggest-disable no-such-rule");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("unknown suggestion rule 'no-such-rule'"), std::string::npos) << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
}

TEST(SuggestCli, AMissingFileIsOneLineAndExitTwo) {
  const auto r = suggest("/nonexistent/results.json");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("/nonexistent/results.json"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace perfgate
