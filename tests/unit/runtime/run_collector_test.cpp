#include "perfgate/runtime/run_collector.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

// Records what the display reporter was shown.
class RecordingReporter : public benchmark::BenchmarkReporter {
 public:
  explicit RecordingReporter(std::vector<std::string>* shown) : shown_(shown) {}
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const auto& r : runs) shown_->push_back(r.benchmark_name());
  }

 private:
  std::vector<std::string>* shown_;
};

benchmark::BenchmarkReporter::Run repetition(const std::string& function, const std::string& args, double seconds,
                                             benchmark::IterationCount iterations = 4) {
  benchmark::BenchmarkReporter::Run run;
  run.run_name.function_name = function;
  run.run_name.args = args;
  run.run_name.time_type = "manual_time";
  run.run_type = benchmark::BenchmarkReporter::Run::RT_Iteration;
  run.iterations = iterations;
  run.real_accumulated_time = seconds * static_cast<double>(iterations);
  return run;
}

benchmark::BenchmarkReporter::Run aggregate(const std::string& function, const std::string& name) {
  benchmark::BenchmarkReporter::Run run = repetition(function, "", 1.0);
  run.run_type = benchmark::BenchmarkReporter::Run::RT_Aggregate;
  run.aggregate_name = name;
  return run;
}

TEST(RunCollector, RecordsEveryRepetitionAsSecondsPerIteration) {
  std::vector<std::string> shown;
  RunCollector collector(std::make_unique<RecordingReporter>(&shown), false);
  auto first = repetition("BM_gemm", "4096", 2e-3);
  first.counters["TFLOP/s"] = benchmark::Counter(600.0);
  auto second = repetition("BM_gemm", "4096", 3e-3);
  second.counters["TFLOP/s"] = benchmark::Counter(400.0);
  auto third = repetition("BM_gemm", "4096", 4e-3);
  third.counters["TFLOP/s"] = benchmark::Counter(300.0);
  collector.ReportRuns({first, second, third, aggregate("BM_gemm", "mean")});
  const auto results = collector.results();
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].name, "BM_gemm/4096");
  EXPECT_EQ(results[0].samples, (std::vector<double>{2e-3, 3e-3, 4e-3}));
  EXPECT_EQ(results[0].iterations, 4);
  EXPECT_EQ(std::get<double>(results[0].counters.at("TFLOP/s")), 400.0);
  EXPECT_EQ(shown.size(), 4u);
}

TEST(RunCollector, AggregatesOnlyFiltersTheDisplayNotTheRecord) {
  std::vector<std::string> shown;
  RunCollector collector(std::make_unique<RecordingReporter>(&shown), true);
  collector.ReportRuns({repetition("BM_x", "", 1e-3), repetition("BM_x", "", 2e-3), aggregate("BM_x", "median")});
  EXPECT_EQ(shown.size(), 1u);
  EXPECT_EQ(collector.results()[0].samples.size(), 2u);
}

TEST(RunCollector, ThrottledRepetitionsAreCountedNotSampled) {
  RunCollector collector(std::make_unique<RecordingReporter>(new std::vector<std::string>), false);
  auto throttled = repetition("BM_x", "", 5e-3);
  throttled.counters[kThrottledCounter] = benchmark::Counter(1.0);
  collector.ReportRuns({repetition("BM_x", "", 1e-3), throttled, repetition("BM_x", "", 1e-3)});
  const auto results = collector.results();
  EXPECT_EQ(results[0].samples.size(), 2u);
  EXPECT_EQ(results[0].throttled_samples, 1);
  EXPECT_EQ(results[0].counters.count(kThrottledCounter), 0u);
}

TEST(RunCollector, SkipsAndErrorsAreKeptApart) {
  RunCollector collector(std::make_unique<RecordingReporter>(new std::vector<std::string>), false);
  auto skipped = repetition("BM_gpu", "", 0.0);
  skipped.error_occurred = true;
  skipped.error_message = "SKIPPED: no CUDA device: none";
  auto failed = repetition("BM_bad", "", 0.0);
  failed.error_occurred = true;
  failed.error_message = "cudaMalloc: out of memory";
  collector.ReportRuns({skipped});
  collector.ReportRuns({repetition("BM_bad", "", 1e-3), failed});
  const auto results = collector.results();
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].skipped, "no CUDA device: none");
  EXPECT_FALSE(results[0].error.has_value());
  EXPECT_EQ(results[1].error, "cudaMalloc: out of memory");
  EXPECT_TRUE(results[1].samples.empty()) << "a case that failed in any repetition has no samples";
}


benchmark::BenchmarkReporter::Run failure(const std::string& function, const std::string& message) {
  auto run = repetition(function, "", 0.0);
  run.error_occurred = true;
  run.error_message = message;
  return run;
}

TEST(RunCollector, EveryRepetitionThrottledLeavesNothingToGateAndSaysWhy) {
  RunCollector collector(std::make_unique<RecordingReporter>(new std::vector<std::string>), false);
  auto throttled = repetition("BM_x", "", 5e-3);
  throttled.counters[kThrottledCounter] = benchmark::Counter(1.0);
  collector.ReportRuns({throttled, throttled});
  const auto results = collector.results();
  EXPECT_EQ(results[0].throttled_samples, 2);
  ASSERT_TRUE(results[0].error.has_value());
  EXPECT_NE(results[0].error->find("SM clock throttled"), std::string::npos) << *results[0].error;
}

TEST(RunCollector, TheFirstErrorOfACaseIsItsCause) {
  RunCollector collector(std::make_unique<RecordingReporter>(new std::vector<std::string>), false);
  collector.ReportRuns({failure("BM_x", "cublasGemmEx: CUBLAS_STATUS_EXECUTION_FAILED"), failure("BM_x", "cudaMalloc failed")});
  EXPECT_EQ(collector.results()[0].error, "cublasGemmEx: CUBLAS_STATUS_EXECUTION_FAILED");
}

// After an illegal address every GPU call fails: the case that caused it
// keeps its own error, later cases say the context was lost (also when
// their own code failed first), and keep what they measured before.
TEST(RunCollector, AfterALostContextLaterCasesAreMarkedAsItsConsequence) {
  std::optional<std::string> lost;
  RunCollector collector(std::make_unique<RecordingReporter>(new std::vector<std::string>), false,
                         [&] { return lost; });
  collector.ReportRuns({repetition("BM_before", "", 1e-3), repetition("BM_before", "", 1e-3)});
  const std::string cause = "cudaStreamSynchronize: an illegal memory access was encountered (cudaErrorIllegalAddress)";
  lost = cause;
  collector.ReportRuns({failure("BM_fault", cause), failure("BM_fault", "cudaMalloc failed")});
  collector.ReportRuns({failure("BM_after", "cudaMalloc failed")});
  collector.ReportRuns({repetition("BM_partly", "", 2e-3), failure("BM_partly", std::string(kContextLostPrefix) + cause)});
  const auto results = collector.results();
  ASSERT_EQ(results.size(), 4u);
  EXPECT_TRUE(results[0].measured());
  EXPECT_EQ(results[0].samples.size(), 2u);
  EXPECT_EQ(results[1].error, cause);
  ASSERT_TRUE(results[2].error.has_value());
  EXPECT_EQ(results[2].error->rfind(std::string(kContextLostPrefix) + cause, 0), 0u) << *results[2].error;
  EXPECT_NE(results[2].error->find("cudaMalloc failed"), std::string::npos) << *results[2].error;
  EXPECT_TRUE(results[3].measured()) << "the repetitions measured before the loss are kept";
  EXPECT_EQ(results[3].samples, std::vector<double>{2e-3});
}

}  // namespace
}  // namespace perfgate
