#include "perfgate/writers/comparison_json.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "results_builder.hpp"

namespace perfgate {
namespace {

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
  EXPECT_EQ(j["counts"]["ERROR"], 1);
  ASSERT_EQ(j["benchmarks"].size(), 3u);
  const auto& slow = j["benchmarks"][0];
  EXPECT_EQ(slow["name"], "slow");
  EXPECT_EQ(slow["verdict"], "REGRESSION");
  EXPECT_NEAR(slow["evidence"]["ratio"].get<double>(), 2.0, 0.05);
  EXPECT_LT(slow["evidence"]["ci_low"].get<double>(), slow["evidence"]["ci_high"].get<double>());
  EXPECT_EQ(slow["baseline"]["n"], 10);
  EXPECT_TRUE(j["benchmarks"][1]["evidence"].is_null());
  EXPECT_TRUE(j["environment_shift"].is_null());
  EXPECT_EQ(j["settings"]["threshold_pct"], 5.0);
}

}  // namespace
}  // namespace perfgate
