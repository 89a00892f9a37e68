// One multi-GPU call split into compute and collective from the GPUs'
// events: the slowest GPU's time, the all-reduce after the last arrival,
// and the compute imbalance.

#include "iteration_split.hpp"

#include <gtest/gtest.h>

namespace perfgate::scaling {
namespace {

TEST(IterationSplit, TheSlowestGpuSetsTimeAndComputeTheRestIsCollective) {
  // GPU 1 computes longest (3 ms); the all-reduce ends at 3.5 ms everywhere.
  const IterationSplit s = split_iteration({{0.002, 0.0035}, {0.003, 0.0035}, {0.002, 0.0035}, {0.001, 0.0035}});
  EXPECT_DOUBLE_EQ(s.time_s, 0.0035);
  EXPECT_DOUBLE_EQ(s.compute_s, 0.003);
  EXPECT_NEAR(s.collective_s, 0.0005, 1e-15);
  EXPECT_NEAR(s.imbalance_pct, 50.0, 1e-9);  // 3 ms over a mean of 2 ms
}

TEST(IterationSplit, OneGpuHasNoImbalanceAndNoGapIsNegative) {
  const IterationSplit one = split_iteration({{0.004, 0.0041}});
  EXPECT_DOUBLE_EQ(one.imbalance_pct, 0.0);
  EXPECT_NEAR(one.collective_s, 0.0001, 1e-15);
  // Event rounding can put a total a hair under the compute: never below zero.
  EXPECT_EQ(split_iteration({{0.004, 0.0039999}}).collective_s, 0.0);
  EXPECT_EQ(split_iteration({}).time_s, 0.0);
}

TEST(IterationSplit, TheMeanOverCallsAndTheCollectiveShare) {
  SplitMean calls;
  EXPECT_EQ(calls.mean().time_s, 0.0);
  EXPECT_EQ(calls.collective_pct(), 0.0);
  calls.add({.time_s = 0.004, .compute_s = 0.003, .collective_s = 0.001, .imbalance_pct = 10});
  calls.add({.time_s = 0.006, .compute_s = 0.005, .collective_s = 0.001, .imbalance_pct = 20});
  EXPECT_DOUBLE_EQ(calls.mean().time_s, 0.005);
  EXPECT_DOUBLE_EQ(calls.mean().compute_s, 0.004);
  EXPECT_DOUBLE_EQ(calls.mean().collective_s, 0.001);
  EXPECT_DOUBLE_EQ(calls.mean().imbalance_pct, 15);
  EXPECT_DOUBLE_EQ(calls.collective_pct(), 20.0);  // 2 ms of 10 ms
}

}  // namespace
}  // namespace perfgate::scaling
