// The skip decision of a case that needs several GPUs
// (perf/src/runtime/gpu_shortage.hpp; perfgate::cuda::require_gpus applies
// it): a 1-GPU runner runs the 1-GPU cases and skips the rest with a reason.
#include "runtime/gpu_shortage.hpp"

#include <gtest/gtest.h>

#include <memory>

#include "perfgate/model/results.hpp"
#include "perfgate/runtime/run_collector.hpp"

namespace perfgate {
namespace {

class SilentReporter : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>&) override {}
};

TEST(GpuShortage, EnoughGpusRun) {
  EXPECT_FALSE(gpu_shortage(1, 1));
  EXPECT_FALSE(gpu_shortage(4, 4));
  EXPECT_FALSE(gpu_shortage(2, 8));
}

TEST(GpuShortage, TooFewSayHowManyOfHowMany) {
  EXPECT_EQ(gpu_shortage(4, 1).value_or("(runs)"), "needs 4 GPUs, 1 present");
  EXPECT_EQ(gpu_shortage(8, 2).value_or("(runs)"), "needs 8 GPUs, 2 present");
  EXPECT_EQ(gpu_shortage(1, 0).value_or("(runs)"), "needs 1 GPU, 0 present");
}

// require_gpus skips with kSkipPrefix + the shortage: the results say
// SKIPPED with the reason, not an error (which would fail the gate).
TEST(GpuShortage, ReportsShowTheCaseSkippedWithTheReason) {
  RunCollector collector(std::make_unique<SilentReporter>(), false, [] { return std::optional<std::string>(); });
  benchmark::BenchmarkReporter::Run run;
  run.run_name.function_name = "all_reduce/4gpus";
  run.run_type = benchmark::BenchmarkReporter::Run::RT_Iteration;
  run.error_occurred = true;
  run.error_message = std::string(kSkipPrefix) + *gpu_shortage(4, 1);
  collector.ReportRuns({run});
  const std::vector<BenchmarkResult> results = collector.results();
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].skipped, "needs 4 GPUs, 1 present");
  EXPECT_FALSE(results[0].error);
}

}  // namespace
}  // namespace perfgate
