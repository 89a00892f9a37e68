// A GPU case's counted pass (kernel_counts and the kernel_* counters) on
// both sides: the gate judges its kernel instructions like a host case's
// instructions, and the per-kernel diff shows which kernel's counts moved.

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/gate/comparison_json.hpp"
#include "perfgate/gate/comparison_json_reader.hpp"
#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/gate/count_comparison.hpp"
#include "perfgate/gate/kernel_comparison.hpp"
#include "perfgate/model/counter_names.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::lognormal_samples;
using testing::results;

// A case of two kernels a call: "scale" (twice) and "sum" (once); `read`
// is scale's DRAM bytes read a launch.
BenchmarkResult counted_gpu(const std::string& name, double time, std::uint64_t seed, double scale_instructions,
                            double read) {
  BenchmarkResult b = benchmark(name, lognormal_samples(time, 0.01, 10, seed));
  b.kernel_counts = {{"scale(float*, int)", 2.0,
                      {{counter::kKernelInstructions, scale_instructions},
                       {counter::kKernelDramBytesRead, read},
                       {counter::kKernelAchievedOccupancyPct, 80.0}}},
                     {"sum(float const*, float*)", 1.0,
                      {{counter::kKernelInstructions, 1000.0}, {counter::kKernelDramBytesRead, 4096.0}}}};
  b.counters[counter::kKernelInstructions] = 2.0 * scale_instructions + 1000.0;
  b.counters[counter::kKernelInstructionsSpreadPct] = 0.0;
  b.counters[counter::kKernelDramBytesRead] = 2.0 * read + 4096.0;
  b.counters[counter::kKernelDramBytesWritten] = 8192.0;
  return b;
}

TEST(KernelCountComparison, TheGateJudgesAGpuCasesKernelInstructions) {
  const BenchmarkResult base = counted_gpu("k", 1e-3, 1, 10'000, 1e6);
  const auto same = compare_counts(base, counted_gpu("k", 1e-3, 2, 10'000, 1.12e6), 1.0);
  ASSERT_TRUE(same);
  EXPECT_EQ(same->instructions.name, counter::kKernelInstructions);
  EXPECT_EQ(same->verdict, Verdict::no_change) << same->reason;
  ASSERT_EQ(same->others.size(), 2u) << "DRAM read and written; the L2 bytes were not counted here";
  EXPECT_EQ(same->others[0].name, counter::kKernelDramBytesRead);
  EXPECT_NEAR(same->others[0].change_pct(), 11.9, 0.1);
  const auto more = compare_counts(base, counted_gpu("k", 1e-3, 2, 10'500, 1e6), 1.0);
  EXPECT_EQ(more->verdict, Verdict::regression) << more->reason;
  EXPECT_NE(more->reason.find("kernel instructions +4.76% a timed iteration"), std::string::npos) << more->reason;
  // A host count, where both sides have one, is the one judged.
  BenchmarkResult host_base = base, host_cur = counted_gpu("k", 1e-3, 2, 10'500, 1e6);
  host_base.counters[counter::kInstructions] = 5e6;
  host_cur.counters[counter::kInstructions] = 5e6;
  EXPECT_EQ(compare_counts(host_base, host_cur, 1.0)->instructions.name, counter::kInstructions);
}

TEST(KernelCountComparison, ThePerKernelDiffNamesTheKernelWhoseCountsMoved) {
  const Results base = results("gpu", {counted_gpu("k", 1e-3, 1, 10'000, 1e6)});
  const Results cur = results("gpu", {counted_gpu("k", 1e-3, 2, 10'000, 1.12e6)});
  const Comparison c = compare_results(base, cur, GateSettings{});
  const BenchmarkComparison* k = c.find("k");
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->verdict, Verdict::no_change) << "the instructions did not move: " << k->reason;
  ASSERT_EQ(k->kernels.size(), 2u) << "counted, not traced: both kernels stand with their counts";
  const auto changes = kernel_changes(k->kernels);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0]->name, "scale(float*, int)");
  EXPECT_TRUE(changes[0]->counts_changed);
  EXPECT_DOUBLE_EQ(changes[0]->current_calls_per_iteration, 2.0);
  // Per call of the case: one launch's bytes times two launches.
  const auto read = std::find_if(changes[0]->counts.begin(), changes[0]->counts.end(),
                                 [](const CountChange& c) { return c.name == counter::kKernelDramBytesRead; });
  ASSERT_NE(read, changes[0]->counts.end());
  EXPECT_DOUBLE_EQ(read->baseline, 2e6);
  EXPECT_DOUBLE_EQ(read->current, 2.24e6);
  EXPECT_EQ(kernel_count_changes(*changes[0]), "dram bytes read +12.0%");
  EXPECT_NE(kernel_numbers(*changes[0]).find("2 calls/iter; counted: dram bytes read +12.0%"), std::string::npos)
      << kernel_numbers(*changes[0]);
  // The comparison file keeps them.
  std::ostringstream file;
  write_comparison_json(c, 0, file);
  const Comparison back = comparison_from_json(file.str(), "c.json");
  const KernelComparison& again = *kernel_changes(back.find("k")->kernels).at(0);
  EXPECT_TRUE(again.counts_changed);
  EXPECT_EQ(kernel_count_changes(again), "dram bytes read +12.0%");
}

TEST(KernelCountComparison, AKernelOnlyOneSideCountedIsNewOrRemoved) {
  BenchmarkResult with_extra = counted_gpu("k", 1e-3, 2, 10'000, 1e6);
  with_extra.kernel_counts.push_back({"copy_back(float*)", 1.0, {{counter::kKernelInstructions, 50.0}}});
  const Comparison c = compare_results(results("gpu", {counted_gpu("k", 1e-3, 1, 10'000, 1e6)}),
                                       results("gpu", {with_extra}), GateSettings{});
  const auto changes = kernel_changes(c.find("k")->kernels);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0]->name, "copy_back(float*)");
  EXPECT_EQ(changes[0]->verdict, Verdict::added);
  EXPECT_EQ(changes[0]->reason, "not in the baseline's counted pass");
}

}  // namespace
}  // namespace perfgate
