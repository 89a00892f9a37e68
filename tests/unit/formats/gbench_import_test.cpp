#include <gtest/gtest.h>

#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"

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
  EXPECT_EQ(r.find("medium")->samples.size(), 2u);
  // BM_One has only an aggregate row, with no mean and standard deviation to
  // judge from: it is named as skipped, never dropped silently.
  const BenchmarkResult* one = r.find("BM_One");
  ASSERT_NE(one, nullptr) << "a family with only aggregate rows was dropped";
  EXPECT_TRUE(one->samples.empty());
  EXPECT_FALSE(one->summary);
  ASSERT_TRUE(one->skipped);
  EXPECT_NE(one->skipped->find("only aggregate rows"), std::string::npos) << *one->skipped;
  EXPECT_NE(one->skipped->find("--benchmark_report_aggregates_only"), std::string::npos) << *one->skipped;
}

std::string fixture_1_9(const std::string& name) {
  return std::string(PERFGATE_TEST_FIXTURES) + "/gbench_1_9/" + name;
}

TEST(GbenchImport, AnAggregatesOnlyFamilyIsJudgedFromItsSummary) {
  const Results r = load_results(fixture_1_9("aggregates_only_family_current.json"));
  ASSERT_EQ(r.benchmarks.size(), 2u);
  EXPECT_EQ(r.find("BM_copy/1024")->samples.size(), 10u);
  const BenchmarkResult* hash = r.find("BM_hash/4096");
  ASSERT_NE(hash, nullptr) << "the ReportAggregatesOnly family was dropped";
  EXPECT_TRUE(hash->samples.empty());
  ASSERT_TRUE(hash->summary);
  EXPECT_EQ(hash->summary->count, 10u);
  EXPECT_NEAR(hash->summary->mean, 4.0e-6, 0.2e-6);
  EXPECT_GT(hash->summary->stdev, 0.0);
  EXPECT_LT(hash->summary->stdev, 0.2e-6);
  ASSERT_TRUE(hash->summary->median);
  EXPECT_NEAR(*hash->summary->median, 4.0e-6, 0.2e-6);
  EXPECT_TRUE(hash->measured());
}

TEST(GbenchImport, ReportAggregatesOnlyRunKeepsEveryFamilyAndTheSkippedRow) {
  const Results r = load_results(fixture_1_9("report_aggregates_only_base.json"));
  ASSERT_EQ(r.benchmarks.size(), 3u);
  EXPECT_EQ(r.benchmarks[0].name, "BM_sort/65536") << "file order is kept";
  EXPECT_TRUE(r.find("BM_sort/65536")->summary);
  EXPECT_TRUE(r.find("BM_scan/65536")->summary);
  const BenchmarkResult* gpu = r.find("BM_gpu_scan/65536");
  ASSERT_TRUE(gpu->skipped);
  EXPECT_NE(gpu->skipped->find("no CUDA device"), std::string::npos);
}

TEST(GbenchImport, SkipWithMessageIsASkipNotAZeroSecondSample) {
  const Results r = load_results(fixture_1_9("all_skipped.json"));
  ASSERT_EQ(r.benchmarks.size(), 3u);
  for (const BenchmarkResult& b : r.benchmarks) {
    EXPECT_TRUE(b.samples.empty()) << b.name;
    ASSERT_TRUE(b.skipped) << b.name;
    EXPECT_EQ(*b.skipped, "no CUDA device") << b.name;
    EXPECT_FALSE(b.error) << b.name;
  }
  const Results empty_message = parse_results(R"({"context": {}, "benchmarks": [
      {"name": "BM_a", "run_type": "iteration", "skipped": true, "iterations": 1, "real_time": 0, "time_unit": "ns"}]})",
                                              "x.json");
  EXPECT_EQ(empty_message.find("BM_a")->skipped, "skipped (no message)");
}

TEST(GbenchImport, ComplexityFitsAreNotBenchmarks) {
  const Results r = load_results(fixture("test1_run1.json"));
  EXPECT_EQ(r.find("MyComplexityTest"), nullptr);
  EXPECT_EQ(r.find("MyComplexityTest_BigO"), nullptr);
}

TEST(GbenchImport, DatesBecomeUtcOrAreLeftOut) {
  EXPECT_EQ(load_results(fixture_1_9("aggregates_only_family_base.json")).created_utc, "2026-11-20T08:15:02Z");
  EXPECT_EQ(load_results(fixture_1_9("report_aggregates_only_base.json")).created_utc, "")
      << "a date without a zone names no instant";
  EXPECT_EQ(load_results(fixture("test1_run1.json")).created_utc, "");
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

// Issue 15 item 15: files from before run_type name their aggregates only by
// a suffix; they are aggregates of the family, not benchmarks.
TEST(GbenchImport, AggregatesOfFilesBeforeRunTypeAreNotBenchmarks) {
  const Results r = parse_results(R"({"context": {}, "benchmarks": [
    {"name": "BM_a", "iterations": 10, "real_time": 1.0, "time_unit": "ns"},
    {"name": "BM_a", "iterations": 10, "real_time": 1.2, "time_unit": "ns"},
    {"name": "BM_a", "iterations": 10, "real_time": 1.1, "time_unit": "ns"},
    {"name": "BM_a_mean", "iterations": 10, "real_time": 1.1, "time_unit": "ns"},
    {"name": "BM_a_median", "iterations": 10, "real_time": 1.1, "time_unit": "ns"},
    {"name": "BM_a_stddev", "iterations": 10, "real_time": 0.1, "time_unit": "ns"},
    {"name": "BM_a_cv", "iterations": 10, "real_time": 0.09, "time_unit": "ns"},
    {"name": "BM_b_mean", "iterations": 10, "real_time": 5.0, "time_unit": "ns"}]})",
                                  "old.json");
  std::vector<std::string> names;
  for (const BenchmarkResult& b : r.benchmarks) names.push_back(b.name);
  // BM_b_mean has no BM_b beside it: a benchmark of that name.
  EXPECT_EQ(names, (std::vector<std::string>{"BM_a", "BM_b_mean"}));
  EXPECT_EQ(r.find("BM_a")->samples.size(), 3u);
}

// "BM_a" and "BM_a/real_time" are both "BM_a" once the run settings are
// left out: refused with one line naming both, never pooled silently.
TEST(GbenchImport, NamesThatCollideOnceSettingsAreLeftOutAreRefused) {
  try {
    (void)parse_results(R"({"context": {}, "benchmarks": [
      {"name": "BM_a", "run_name": "BM_a", "run_type": "iteration", "iterations": 10, "real_time": 1.0, "time_unit": "ns"},
      {"name": "BM_a/real_time", "run_name": "BM_a/real_time", "run_type": "iteration", "iterations": 10, "real_time": 9.0, "time_unit": "ns"}]})",
                        "collide.json");
    ADD_FAILURE() << "two benchmarks were pooled into one";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("'BM_a/real_time' and 'BM_a'"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos);
  }
  // Repetitions of one name still pool.
  EXPECT_EQ(parse_results(R"({"context": {}, "benchmarks": [
      {"name": "BM_a/real_time", "iterations": 10, "real_time": 1.0, "time_unit": "ns"},
      {"name": "BM_a/real_time", "iterations": 10, "real_time": 1.1, "time_unit": "ns"}]})",
                          "same.json")
                .find("BM_a")
                ->samples.size(),
            2u);
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
