// The GPU counted pass's ranges, as CUPTI's range profiler names and counts
// them (one auto range per launch, the kernel's mangled symbol), folded into
// a case's result: each kernel's counts a launch, the case's counters a call
// of its work (the median over the samples), and the instructions' spread.

#include "count/counted_kernels.hpp"

#include <gtest/gtest.h>

#include "perfgate/model/counter_names.hpp"

namespace perfgate::count {
namespace {

// One sample of 2 calls: each call launches scale twice and sum once;
// scale's instructions differ by `extra` in its last launch.
std::vector<CountedRange> sample(double extra) {
  const CountedRange scale{"_Z5scalePfi", {{counter::kKernelInstructions, 1000.0},
                                           {counter::kKernelDramBytesRead, 4096.0},
                                           {counter::kKernelAchievedOccupancyPct, 50.0}}};
  const CountedRange sum{"_Z3sumPKfPf", {{counter::kKernelInstructions, 300.0}, {counter::kKernelDramBytesRead, 1024.0}}};
  std::vector<CountedRange> ranges = {scale, scale, sum, scale, scale, sum};
  ranges[4].counts[counter::kKernelInstructions] += extra;
  ranges[4].counts[counter::kKernelAchievedOccupancyPct] = 70.0;
  return ranges;
}

TEST(CountedKernels, RangesFoldIntoEachKernelsCountsAndTheCasesCounters) {
  CountedCase counted;
  counted.calls_per_sample = 2;
  for (double extra : {0.0, 0.0, 2.0, 0.0, 4.0}) counted.samples.push_back(sample(extra));
  const BenchmarkResult found = fold_counted_case(counted);
  ASSERT_EQ(found.kernel_counts.size(), 2u);
  const KernelCounts& scale = found.kernel_counts[0];
  EXPECT_EQ(scale.name, "scale(float*, int)") << "demangled, as the traced pass names kernels";
  EXPECT_DOUBLE_EQ(scale.launches_per_iteration, 2.0);
  // One launch's mean: 20 launches, 6 more instructions among them.
  EXPECT_DOUBLE_EQ(scale.counts.at(counter::kKernelInstructions), 1000.0 + 6.0 / 20.0);
  EXPECT_DOUBLE_EQ(scale.counts.at(counter::kKernelAchievedOccupancyPct), (15 * 50.0 + 5 * 70.0) / 20.0);
  EXPECT_EQ(found.kernel_counts[1].name, "sum(float const*, float*)");
  EXPECT_DOUBLE_EQ(found.kernel_counts[1].launches_per_iteration, 1.0);
  // A call's instructions (4 x 1,000 + 2 x 300 over 2 calls): 2,300 in three
  // samples, 2,301 and 2,302 in the others; the median is 2,300 and the
  // spread (2302 - 2300) / 2300.
  EXPECT_DOUBLE_EQ(*counter_number(found, counter::kKernelInstructions), 2300.0);
  EXPECT_NEAR(*counter_number(found, counter::kKernelInstructionsSpreadPct), 2.0 / 2300.0 * 100.0, 1e-12);
  EXPECT_DOUBLE_EQ(*counter_number(found, counter::kKernelDramBytesRead), 4 * 4096.0 / 2 + 2 * 1024.0 / 2);
  EXPECT_FALSE(counter_number(found, counter::kKernelAchievedOccupancyPct)) << "a share does not add up over kernels";
  EXPECT_FALSE(counter_number(found, counter::kKernelL2Bytes)) << "not counted, not invented";
}

TEST(CountedKernels, APassWithoutRangesGivesNothing) {
  CountedCase counted;
  counted.calls_per_sample = 1;
  counted.samples.assign(3, {});
  const BenchmarkResult found = fold_counted_case(counted);
  EXPECT_TRUE(found.kernel_counts.empty());
  EXPECT_TRUE(found.counters.empty());
}

TEST(CountedKernels, TheAttacherGivesEachKeptPassToItsCase) {
  CountedCase counted;
  counted.calls_per_sample = 1;
  counted.samples = {sample(0.0)};
  EXPECT_TRUE(keep_counted_case("gemm/fp32", counted));
  EXPECT_TRUE(was_counted("gemm/fp32"));
  EXPECT_FALSE(was_counted("gemm/fp16"));
  std::vector<BenchmarkResult> results(2);
  results[0].name = "gemm/fp32";
  results[1].name = "gemm/fp16";
  results[0].counters["sm_clock_mhz"] = 1980.0;
  CountAttacher attacher;
  attacher.attach(results);
  EXPECT_EQ(results[0].kernel_counts.size(), 2u);
  EXPECT_DOUBLE_EQ(*counter_number(results[0], counter::kKernelInstructions), 4 * 1000.0 + 2 * 300.0);
  EXPECT_DOUBLE_EQ(*counter_number(results[0], "sm_clock_mhz"), 1980.0) << "the case's own counters stay";
  EXPECT_TRUE(results[1].kernel_counts.empty());
  // Attached again on the next journal write.
  results[0].kernel_counts.clear();
  attacher.attach(results);
  EXPECT_EQ(results[0].kernel_counts.size(), 2u);
}

// A pass whose samples held more launches than the image had room for
// would sum short: it is not kept, and the case stays uncounted.
TEST(CountedKernels, APassThatDroppedLaunchesIsNotKept) {
  CountedCase counted;
  counted.calls_per_sample = 1;
  counted.samples = {sample(0.0)};
  counted.dropped_ranges = 12;
  counted.max_ranges = 4096;
  testing::internal::CaptureStderr();
  EXPECT_FALSE(keep_counted_case("huge/graph", counted));
  const std::string said = testing::internal::GetCapturedStderr();
  EXPECT_NE(said.find("case huge/graph: 12 kernel launch(es) past the 4096 a sample can hold were not counted"),
            std::string::npos) << said;
  EXPECT_TRUE(was_counted("huge/graph")) << "not counted again";
  std::vector<BenchmarkResult> results(1);
  results[0].name = "huge/graph";
  CountAttacher attacher;
  attacher.attach(results);
  EXPECT_TRUE(results[0].kernel_counts.empty());
  EXPECT_FALSE(counter_number(results[0], counter::kKernelInstructions));
}

}  // namespace
}  // namespace perfgate::count
