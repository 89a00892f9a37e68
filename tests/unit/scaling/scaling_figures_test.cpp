// The scaling suite's figures: speed-up and efficiency from the cases'
// medians with their formulas, and no value (with the reason) for a GPU
// count the machine did not have.

#include "scaling_figures.hpp"

#include <gtest/gtest.h>

#include <map>

#include "results_builder.hpp"

namespace perfgate::scaling {
namespace {

using testing::benchmark;
using testing::skipped_benchmark;

BenchmarkResult per_call(const std::string& name, double seconds) { return benchmark(name, {seconds, seconds, seconds}); }

std::map<std::string, DerivedFigure> derive(ScalingMode mode, const std::vector<BenchmarkResult>& cases) {
  std::map<std::string, DerivedFigure> by_name;
  for (const DerivedFigure& f : derive_figures(cases, scaling_figures("sc/m", mode, {1, 2, 4, 8}))) by_name[f.name] = f;
  return by_name;
}

TEST(ScalingFigures, StrongSpeedupIsT1OverTnAndEfficiencyDividesByN) {
  // T1 = 8 s; 2 GPUs 5 s; 4 GPUs 2.5 s; 8 GPUs 1 s (perfect).
  const auto f = derive(ScalingMode::strong, {per_call("sc/m/gpus:1", 8), per_call("sc/m/gpus:2", 5),
                                              per_call("sc/m/gpus:4", 2.5), per_call("sc/m/gpus:8", 1)});
  ASSERT_EQ(f.size(), 6u);
  EXPECT_DOUBLE_EQ(*f.at("sc/m/speedup/gpus:2").value, 1.6);
  EXPECT_DOUBLE_EQ(*f.at("sc/m/efficiency/gpus:2").value, 80.0);
  EXPECT_DOUBLE_EQ(*f.at("sc/m/speedup/gpus:4").value, 3.2);
  EXPECT_DOUBLE_EQ(*f.at("sc/m/efficiency/gpus:4").value, 80.0);
  EXPECT_DOUBLE_EQ(*f.at("sc/m/efficiency/gpus:8").value, 100.0);
  EXPECT_EQ(f.at("sc/m/speedup/gpus:2").unit, "x");
  EXPECT_EQ(f.at("sc/m/efficiency/gpus:2").unit, "%");
  EXPECT_EQ(f.at("sc/m/efficiency/gpus:4").formula, "100 * median(sc/m/gpus:1) / (4 * median(sc/m/gpus:4))");
  EXPECT_EQ(f.at("sc/m/speedup/gpus:8").formula, "median(sc/m/gpus:1) / median(sc/m/gpus:8)");
}

TEST(ScalingFigures, WeakEfficiencyIsT1OverTn) {
  const auto f = derive(ScalingMode::weak, {per_call("sc/m/gpus:1", 2), per_call("sc/m/gpus:2", 2.5),
                                            per_call("sc/m/gpus:4", 2), per_call("sc/m/gpus:8", 4)});
  ASSERT_EQ(f.size(), 3u);
  EXPECT_DOUBLE_EQ(*f.at("sc/m/efficiency/gpus:2").value, 80.0);
  EXPECT_DOUBLE_EQ(*f.at("sc/m/efficiency/gpus:4").value, 100.0);
  EXPECT_DOUBLE_EQ(*f.at("sc/m/efficiency/gpus:8").value, 50.0);
  EXPECT_EQ(f.at("sc/m/efficiency/gpus:8").formula, "100 * median(sc/m/gpus:1) / median(sc/m/gpus:8)");
}

TEST(ScalingFigures, OnAOneGpuMachineTheMultiGpuFiguresSayWhy) {
  const auto f = derive(ScalingMode::strong, {per_call("sc/m/gpus:1", 8), skipped_benchmark("sc/m/gpus:2", "SKIPPED: needs 2 GPUs, 1 present"),
                                              skipped_benchmark("sc/m/gpus:4", "SKIPPED: needs 4 GPUs, 1 present"),
                                              skipped_benchmark("sc/m/gpus:8", "SKIPPED: needs 8 GPUs, 1 present")});
  ASSERT_EQ(f.size(), 6u);
  for (const auto& [name, figure] : f) {
    EXPECT_FALSE(figure.value.has_value()) << name;
    ASSERT_TRUE(figure.missing.has_value()) << name;
    EXPECT_NE(figure.missing->find("GPUs, 1 present"), std::string::npos) << name << ": " << *figure.missing;
  }
}

TEST(ScalingFigures, OneGpuAloneHasNoFigureAndCaseNamesFollowThePrefix) {
  EXPECT_TRUE(scaling_figures("p", ScalingMode::strong, {1}).empty());
  EXPECT_EQ(gpus_case("scaling/weak", 4), "scaling/weak/gpus:4");
  EXPECT_STREQ(to_string(ScalingMode::strong), "strong");
  EXPECT_STREQ(to_string(ScalingMode::weak), "weak");
}

}  // namespace
}  // namespace perfgate::scaling
