// batch-size: a sweep's knee, the largest batch that fits, what lies beyond.

#include <gtest/gtest.h>

#include "perfgate/explain/suggest_context.hpp"
#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

SuggestContext context(const Results& r, std::optional<double> launch_floor_s = std::nullopt) {
  return SuggestContext{.current = r, .comparison = nullptr, .baseline = nullptr, .launch_floor_s = launch_floor_s};
}

const std::vector<std::string> kInputs = {"fno/batch/fno64/1", "fno/batch/fno64/8", "fno/batch/fno64/64",
                                          "fno/batch/fno64/512", "fno/batch/fno64/4096"};

BenchmarkResult batch(long b, double samples_per_s, double memory_bytes) {
  const double t = b / samples_per_s;
  BenchmarkResult r = testing::benchmark("fno/batch/fno64/" + std::to_string(b), {t, t, t});
  r.counters["device_memory_peak_bytes"] = memory_bytes;
  return r;
}

DerivedFigure figure(const std::string& name, std::optional<double> value) {
  DerivedFigure f;
  f.name = "fno/batch/fno64/" + name;
  f.value = value;
  f.inputs = kInputs;
  return f;
}

Results sweep(std::optional<double> knee) {
  Results r = testing::results("fno",
                               {batch(1, 5000, 256.0 * 1024 * 1024), batch(8, 19000, 512.0 * 1024 * 1024),
                                batch(64, 27000, 1.5 * 1024 * 1024 * 1024), batch(512, 29000, 12.0 * 1024 * 1024 * 1024),
                                testing::skipped_benchmark("fno/batch/fno64/4096", "out of device memory at batch 4096: cudaMalloc")},
                               testing::test_gpu());
  r.figures = {figure("best_throughput", 29000.0), figure("knee_batch", knee), figure("largest_batch_that_fits", 512.0)};
  return r;
}

TEST(SuggestBatchSize, AdvisesTheKneeOncePerSweep) {
  const Results r = sweep(64.0);
  const auto s = rules::batch_size().apply(context(r));
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].rule, "batch-size");
  EXPECT_EQ(s[0].benchmark, "fno/batch/fno64/64");
  EXPECT_EQ(s[0].priority, Priority::medium);
  EXPECT_TRUE(s[0].expected_gain.measured);
  EXPECT_NEAR(s[0].expected_gain.factor, 29000.0 / 5000.0, 1e-9);
  EXPECT_EQ(s[0].expected_gain.text, "batch 64 runs 27000 samples/s, 5.4x batch 1");
  EXPECT_EQ(s[0].evidence,
            "batch 64: 27000 samples/s, 93.1% of the best (29000 samples/s at batch 512); the largest batch that fits: "
            "512; batches above 64 add at most 1.07x throughput while device memory grows from 1.5 GiB to 12 GiB "
            "(batch 512); out of device memory from batch 4096 (79.6 GiB on this device)");
  EXPECT_NE(s[0].hint.find("Use batch 64"), std::string::npos);
  EXPECT_NE(s[0].hint.find("4096"), std::string::npos);
}

TEST(SuggestBatchSize, SilentWithoutAKneeValue) {
  const Results r = sweep(std::nullopt);
  EXPECT_TRUE(rules::batch_size().apply(context(r)).empty());
  const Results none = testing::results("fno", {batch(1, 5000, 1e6)}, testing::test_gpu());
  EXPECT_TRUE(rules::batch_size().apply(context(none)).empty());
}

}  // namespace
}  // namespace perfgate
