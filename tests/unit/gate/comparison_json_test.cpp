#include "perfgate/gate/comparison_json.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::traced_benchmark;
using testing::traced_kernel;

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

TEST(ComparisonJson, EveryVerdictWithItsNumbers) {
  const Results base = results("host", {benchmark("slow", lognormal_samples(1e-3, 0.01, 10, 1)),
                                        benchmark("gone", lognormal_samples(1e-3, 0.01, 10, 2))});
  const Results cur = results("host", {benchmark("slow", lognormal_samples(2e-3, 0.01, 10, 3)),
                                       testing::skipped_benchmark("fresh", "no CUDA device: none")});
  const Comparison c = compare_results(base, cur);
  const auto j = nlohmann::json::parse(comparison_to_json(c, 1));
  EXPECT_EQ(j["schema"], "perfgate/comparison");
  EXPECT_EQ(j["schema_version"], 1);
  EXPECT_EQ(j["exit_code"], 1);
  EXPECT_EQ(j["counts"]["REGRESSION"], 1);
  EXPECT_EQ(j["counts"]["REMOVED"], 1);
  EXPECT_EQ(j["counts"]["SKIPPED"], 1);
  EXPECT_FALSE(j["counts"].contains("ERROR")) << "a skip is no failure";
  ASSERT_EQ(j["benchmarks"].size(), 3u);
  const auto& slow = j["benchmarks"][0];
  EXPECT_EQ(slow["name"], "slow");
  EXPECT_EQ(slow["verdict"], "REGRESSION");
  EXPECT_NEAR(slow["evidence"]["ratio"].get<double>(), 2.0, 0.05);
  EXPECT_LT(slow["evidence"]["ci_low"].get<double>(), slow["evidence"]["ci_high"].get<double>());
  EXPECT_EQ(slow["baseline"]["n"], 10);
  EXPECT_TRUE(j["benchmarks"][1]["evidence"].is_null());
  for (const auto& b : j["benchmarks"])
    if (b["name"] == "fresh") {
      EXPECT_EQ(b["verdict"], "SKIPPED");
      EXPECT_EQ(b["skipped"], true);
      EXPECT_EQ(b["reason"], "no CUDA device: none");
    }
  EXPECT_TRUE(j["environment_shift"].is_null());
  EXPECT_EQ(j["settings"]["threshold_pct"], 5.0);
}



TEST(ComparisonJson, EveryKernelComparisonWithCopiesAndTrace) {
  const Results base = results("gpu", {traced_benchmark("gemm", 1e-3, 1, {traced_kernel("sgemm", 30, 10e3, 1), traced_kernel("reduce", 30, 2e3, 2),
                                                               traced_kernel("old", 30, 1e3, 3)}, 30, 2),
                                       benchmark("cpu", lognormal_samples(1e-3, 0.01, 10, 4))});
  Results cur = results("gpu", {traced_benchmark("gemm", 2e-3, 5, {traced_kernel("sgemm", 30, 12e3, 11), traced_kernel("reduce", 60, 2e3, 12),
                                                        traced_kernel("fresh", 30, 1e3, 13)}, 30, 2),
                                benchmark("cpu", lognormal_samples(1e-3, 0.01, 10, 6))});
  cur.benchmarks[0].copies = {{"HtoD", 2, 8192}, {"memset", 1, 4096}};
  const std::string text = comparison_to_json(compare_results(base, cur), 1);
  const auto j = nlohmann::json::parse(text);
  EXPECT_EQ(nlohmann::json::parse(j.dump()), j) << "round-trips as JSON";

  const auto& gemm = j["benchmarks"][0];
  ASSERT_EQ(gemm["name"], "gemm");
  ASSERT_EQ(gemm["kernels"].size(), 4u);
  const auto& sgemm = gemm["kernels"][0];
  EXPECT_EQ(sgemm["name"], "sgemm");
  EXPECT_EQ(sgemm["verdict"], "REGRESSION");
  EXPECT_NE(sgemm["reason"].get<std::string>().find("slower"), std::string::npos);
  EXPECT_EQ(sgemm["baseline_median_ns"], 10e3);
  EXPECT_EQ(sgemm["current_median_ns"], 12e3);
  EXPECT_EQ(sgemm["baseline_samples"], 30);
  EXPECT_NEAR(sgemm["evidence"]["ratio"].get<double>(), 1.2, 0.02);
  EXPECT_LT(sgemm["evidence"]["ci_low"].get<double>(), sgemm["evidence"]["ci_high"].get<double>());
  EXPECT_TRUE(sgemm["evidence"]["p_value"].is_number());
  EXPECT_TRUE(sgemm["evidence"]["q_value"].is_number());
  EXPECT_GE(sgemm["threshold_pct"].get<double>(), 5.0);
  EXPECT_EQ(sgemm["baseline_calls_per_iteration"], 1.0);
  EXPECT_EQ(sgemm["calls_changed"], false);
  const auto& fresh = gemm["kernels"][1];
  EXPECT_EQ(fresh["verdict"], "NEW");
  EXPECT_TRUE(fresh["baseline_median_ns"].is_null());
  EXPECT_TRUE(fresh["evidence"].is_null());
  EXPECT_EQ(gemm["kernels"][2]["verdict"], "REMOVED");
  const auto& reduce = gemm["kernels"][3];
  EXPECT_EQ(reduce["verdict"], "NO_CHANGE");
  EXPECT_EQ(reduce["baseline_calls_per_iteration"], 1.0);
  EXPECT_EQ(reduce["current_calls_per_iteration"], 2.0);
  EXPECT_EQ(reduce["calls_changed"], true);

  ASSERT_EQ(gemm["copies"].size(), 2u);
  EXPECT_EQ(gemm["copies"][0]["direction"], "HtoD");
  EXPECT_EQ(gemm["copies"][0]["count"], 2);
  EXPECT_EQ(gemm["copies"][0]["bytes"], 8192);
  EXPECT_EQ(gemm["trace"]["path"], "traces/gemm.json");
  EXPECT_EQ(gemm["trace"]["iterations"], 30);
  EXPECT_EQ(gemm["trace"]["dropped_records"], 2);

  const auto& cpu = j["benchmarks"][1];
  ASSERT_EQ(cpu["name"], "cpu");
  EXPECT_TRUE(cpu["kernels"].is_array());
  EXPECT_TRUE(cpu["kernels"].empty());
  EXPECT_FALSE(cpu.contains("copies"));
  EXPECT_FALSE(cpu.contains("trace"));
}

TEST(ComparisonJson, TopLevelExitCodeStaysWhereTheCiScriptReadsIt) {
  // ci/perf-gate.sh reads the exit code with sed from a line of its own.
  const Results base = results("gpu", {traced_benchmark("gemm", 1e-3, 1, {traced_kernel("sgemm", 30, 10e3, 1)}, 30, 2)});
  const Results cur = results("gpu", {traced_benchmark("gemm", 2e-3, 5, {traced_kernel("sgemm", 30, 12e3, 11)}, 30, 2)});
  const std::string text = comparison_to_json(compare_results(base, cur), 1);
  EXPECT_NE(text.find("\n  \"exit_code\": 1,\n"), std::string::npos) << text;
}

// The document is written member by member and case by case; it must be
// laid out exactly as the whole document's dump(2) lays it out (scripts and
// diffs of committed comparison files see the same bytes), with invalid
// UTF-8 replaced as that dump replaced it.
TEST(ComparisonJson, WrittenInPartsAsTheWholeDocumentWouldBeDumped) {
  const Results base = results("gpu", {traced_benchmark("gemm", 1e-3, 1, {traced_kernel("sgemm", 30, 10e3, 1)}, 30, 2),
                                       benchmark("odd \xff name", lognormal_samples(1e-3, 0.01, 10, 3)),
                                       benchmark("gone", lognormal_samples(1e-3, 0.01, 10, 4))});
  const Results cur = results("gpu", {traced_benchmark("gemm", 2e-3, 5, {traced_kernel("sgemm", 30, 12e3, 11)}, 30, 2),
                                      benchmark("odd \xff name", lognormal_samples(1e-3, 0.01, 10, 6))});
  Comparison comparison = compare_results(base, cur);
  Suggestion advice;
  advice.rule = "rule";
  advice.benchmark = "gemm";
  advice.expected_gain.text = "2x";
  comparison.suggestions.push_back(advice);
  const std::string text = comparison_to_json(comparison, 1);
  EXPECT_EQ(nlohmann::ordered_json::parse(text).dump(2) + "\n", text);
  EXPECT_NE(text.find("odd \xef\xbf\xbd name"), std::string::npos) << "the invalid byte replaced by U+FFFD";

  const std::string none = comparison_to_json(compare_results(results("gpu", {}), results("gpu", {})), 0);
  EXPECT_EQ(nlohmann::ordered_json::parse(none).dump(2) + "\n", none);
  EXPECT_NE(none.find("\"benchmarks\": []"), std::string::npos);
}

}  // namespace
}  // namespace perfgate
