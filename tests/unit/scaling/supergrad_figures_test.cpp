// The supergrad suite's figures: the adjoint/tape time and memory ratios, each method's
// strong scaling, and the largest step count that fitted, with their
// formulas; a skipped point of the sweep (out of memory) is not measured.

#include "supergrad_figures.hpp"

#include <gtest/gtest.h>

#include <map>

#include "results_builder.hpp"

namespace perfgate::supergrad {
namespace {

using testing::benchmark;
using testing::skipped_benchmark;

BenchmarkResult per_call(const std::string& name, double seconds) { return benchmark(name, {seconds, seconds, seconds}); }

std::map<std::string, DerivedFigure> derive(const std::vector<BenchmarkResult>& cases) {
  std::map<std::string, DerivedFigure> by_name;
  for (const DerivedFigure& f : derive_figures(cases, supergrad_figures({1, 2}, {100, 200, 400}))) by_name[f.name] = f;
  return by_name;
}

TEST(SupergradFigures, TheTimeRatioAndEachMethodsScaling) {
  const auto f = derive({per_call("supergrad/adjoint/gpus:1", 3.0), per_call("supergrad/adjoint/gpus:2", 2.0),
                         per_call("supergrad/tape/gpus:1", 2.0), per_call("supergrad/tape/gpus:2", 1.25)});
  EXPECT_DOUBLE_EQ(*f.at("supergrad/adjoint_vs_tape/gpus:1").value, 1.5);
  EXPECT_DOUBLE_EQ(*f.at("supergrad/adjoint_vs_tape/gpus:2").value, 1.6);
  EXPECT_EQ(f.at("supergrad/adjoint_vs_tape/gpus:2").formula,
            "median(supergrad/adjoint/gpus:2) / median(supergrad/tape/gpus:2)");
  EXPECT_DOUBLE_EQ(*f.at("supergrad/adjoint/speedup/gpus:2").value, 1.5);
  EXPECT_DOUBLE_EQ(*f.at("supergrad/tape/efficiency/gpus:2").value, 80.0);
  EXPECT_EQ(f.count("supergrad/adjoint/speedup/gpus:1"), 0u);
}

BenchmarkResult with_peak(BenchmarkResult b, double bytes) {
  b.counters["device_memory_peak_bytes"] = bytes;
  return b;
}

TEST(SupergradFigures, TheMemoryRatioIsTheMeasuredPeaksTapeOverAdjoint) {
  const auto f = derive({with_peak(per_call("supergrad/adjoint/gpus:1", 3.0), 1e9),
                         with_peak(per_call("supergrad/tape/gpus:1", 2.0), 2.5e10),
                         with_peak(per_call("supergrad/adjoint/steps:200", 0.3), 1e9),
                         with_peak(per_call("supergrad/tape/steps:200", 0.2), 4e9)});
  EXPECT_DOUBLE_EQ(*f.at("supergrad/tape_vs_adjoint_memory/gpus:1").value, 25.0);
  EXPECT_EQ(f.at("supergrad/tape_vs_adjoint_memory/gpus:1").formula,
            "device_memory_peak_bytes(supergrad/tape/gpus:1) / device_memory_peak_bytes(supergrad/adjoint/gpus:1)");
  EXPECT_DOUBLE_EQ(*f.at("supergrad/tape_vs_adjoint_memory/steps:200").value, 4.0);
  EXPECT_DOUBLE_EQ(*f.at("supergrad/adjoint_vs_tape/steps:200").value, 1.5);
  // A peak of zero (free memory did not fall) is no ratio.
  const auto zero = derive({with_peak(per_call("supergrad/adjoint/gpus:2", 3.0), 0.0),
                            with_peak(per_call("supergrad/tape/gpus:2", 2.0), 2e9)});
  EXPECT_FALSE(zero.at("supergrad/tape_vs_adjoint_memory/gpus:2").value);
  EXPECT_EQ(zero.at("supergrad/tape_vs_adjoint_memory/gpus:2").missing,
            "device_memory_peak_bytes(supergrad/adjoint/gpus:2) is not positive");
}

TEST(SupergradFigures, TheLargestStepCountThatFitted) {
  const auto f = derive({per_call("supergrad/tape/steps:100", 0.1), per_call("supergrad/tape/steps:200", 0.2),
                         skipped_benchmark("supergrad/tape/steps:400", "SKIPPED: out of device memory: cudaMalloc"),
                         per_call("supergrad/adjoint/steps:100", 0.15), per_call("supergrad/adjoint/steps:200", 0.3),
                         per_call("supergrad/adjoint/steps:400", 0.6)});
  ASSERT_TRUE(f.at("supergrad/tape/largest_steps_that_fit").value.has_value());
  EXPECT_DOUBLE_EQ(*f.at("supergrad/tape/largest_steps_that_fit").value, 200.0);
  EXPECT_DOUBLE_EQ(*f.at("supergrad/adjoint/largest_steps_that_fit").value, 400.0);
  EXPECT_EQ(f.at("supergrad/tape/largest_steps_that_fit").unit, "steps");
}

TEST(SupergradFigures, NoStepCountMeasuredIsNoValueWithTheReason) {
  const auto f = derive({skipped_benchmark("supergrad/tape/steps:100", "SKIPPED: out of device memory"),
                         skipped_benchmark("supergrad/tape/steps:200", "SKIPPED: out of device memory"),
                         skipped_benchmark("supergrad/tape/steps:400", "SKIPPED: out of device memory")});
  ASSERT_TRUE(f.count("supergrad/tape/largest_steps_that_fit"));
  EXPECT_FALSE(f.at("supergrad/tape/largest_steps_that_fit").value.has_value());
}

TEST(SupergradFigures, CaseNames) {
  EXPECT_EQ(gpus_case("adjoint", 4), "supergrad/adjoint/gpus:4");
  EXPECT_EQ(steps_case("tape", 6400), "supergrad/tape/steps:6400");
}

}  // namespace
}  // namespace perfgate::supergrad
