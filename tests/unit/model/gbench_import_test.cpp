#include "perfgate/model/gbench_import.hpp"

#include <gtest/gtest.h>

#include "perfgate/model/errors.hpp"
#include "perfgate/model/results_io.hpp"

namespace perfgate {
namespace {

std::string fixture(const std::string& name) { return std::string(PERFGATE_TEST_FIXTURES) + "/gbench/" + name; }

TEST(GbenchImport, SingleRunsBecomeOneSampleEach) {
  const Results r = load_results(fixture("test1_run1.json"));
  EXPECT_EQ(r.fingerprint.kind, DeviceKind::unknown);
  EXPECT_EQ(r.suite, "test1_run1");
  const BenchmarkResult* b = r.find("BM_2xSlower");
  ASSERT_NE(b, nullptr);
  ASSERT_EQ(b->samples.size(), 1u);
  EXPECT_NEAR(b->samples[0], 50e-9, 1e-18);  // 50 ns
  EXPECT_EQ(r.find("MyComplexityTest_BigO"), nullptr) << "aggregate rows are not samples";
}

TEST(GbenchImport, ConvertsTimeUnitsToSeconds) {
  const Results r = load_results(fixture("test2_run.json"));
  EXPECT_NEAR(r.find("BM_Hi")->samples[0], 42e-3, 1e-15);  // 42 ms
  const Results s = load_results(fixture("test1_run1.json"));
  EXPECT_NEAR(s.find("BM_NotBadTimeUnit")->samples[0], 0.4, 1e-12);  // "time_unit": "s"
}

TEST(GbenchImport, RepetitionsOfOneNamePool) {
  // test3: BM_Two has two iteration rows (one without run_type, as old files).
  const Results r = load_results(fixture("test3_run0.json"));
  EXPECT_EQ(r.find("BM_Two")->samples.size(), 2u);
  EXPECT_EQ(r.find("BM_One"), nullptr) << "only an aggregate row";
  EXPECT_EQ(r.find("medium")->samples.size(), 2u);
}

TEST(GbenchImport, OnlyAggregatesIsAnError) {
  try {
    load_results(fixture("test4_run0.json"));
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("only aggregate rows"), std::string::npos) << e.what();
  }
}

TEST(GbenchImport, RepetitionsWithRunNamesAndCounters) {
  const std::string text = R"({
    "context": {"date": "2026-11-22T10:00:00+00:00", "host_name": "ci-7", "num_cpus": 16},
    "benchmarks": [
      {"name": "BM_x/64/repeats:3", "run_name": "BM_x/64/repeats:3", "run_type": "iteration", "repetition_index": 0,
       "iterations": 10, "real_time": 2.0, "cpu_time": 2.0, "time_unit": "us", "items_per_second": 5.0},
      {"name": "BM_x/64/repeats:3", "run_name": "BM_x/64/repeats:3", "run_type": "iteration", "repetition_index": 1,
       "iterations": 10, "real_time": 3.0, "cpu_time": 3.0, "time_unit": "us", "items_per_second": 7.0},
      {"name": "BM_x/64/repeats:3", "run_name": "BM_x/64/repeats:3", "run_type": "iteration", "repetition_index": 2,
       "iterations": 10, "real_time": 4.0, "cpu_time": 4.0, "time_unit": "us", "items_per_second": 6.0},
      {"name": "BM_x/64/repeats:3_mean", "run_name": "BM_x/64/repeats:3", "run_type": "aggregate",
       "aggregate_name": "mean", "iterations": 3, "real_time": 3.0, "cpu_time": 3.0, "time_unit": "us"},
      {"name": "BM_bad", "run_name": "BM_bad", "run_type": "iteration", "error_occurred": true,
       "error_message": "cudaMalloc: out of memory", "iterations": 0, "real_time": 0, "cpu_time": 0, "time_unit": "ns"},
      {"name": "BM_gpu", "run_name": "BM_gpu", "run_type": "iteration", "error_occurred": true,
       "error_message": "SKIPPED: no CUDA device: none", "iterations": 0, "real_time": 0, "cpu_time": 0, "time_unit": "ns"}
    ]})";
  const Results r = parse_results(text, "run.json");
  const BenchmarkResult* x = r.find("BM_x/64");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->samples, (std::vector<double>{2e-6, 3e-6, 4e-6}));
  EXPECT_EQ(std::get<double>(x->counters.at("items_per_second")), 6.0);
  EXPECT_EQ(r.find("BM_bad")->error, "cudaMalloc: out of memory");
  EXPECT_EQ(r.find("BM_gpu")->skipped, "no CUDA device: none");
  EXPECT_EQ(r.fingerprint.name, "ci-7");
}

TEST(GbenchImport, BadRowsAreInputErrors) {
  EXPECT_THROW(parse_results(R"({"context": {}, "benchmarks": [{"name": "a", "real_time": -1}]})", "x.json"), InputError);
  EXPECT_THROW(parse_results(R"({"context": {}, "benchmarks": [{"name": "a", "real_time": 1, "time_unit": "fortnights"}]})", "x.json"),
               InputError);
  EXPECT_THROW(parse_results(R"({"context": {}, "benchmarks": [{"name": 7, "real_time": 1}]})", "x.json"), InputError);
  EXPECT_THROW(parse_results(R"({"context": {}, "benchmarks": {}})", "x.json"), InputError);
}

}  // namespace
}  // namespace perfgate
