#include "perfgate/model/summary_pooling.hpp"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "perfgate/baselines/baseline_refresh.hpp"
#include "perfgate/platform/errors.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

BenchmarkResult summarized(const std::string& name, std::vector<double> samples) {
  BenchmarkResult b;
  b.name = name;
  b.summary = sample_statistics_of(samples);
  return b;
}

TEST(SummaryPooling, SummaryOfSamplesByHand) {
  // 1, 2, 3, 4: mean 2.5, sum of squares 5, stdev sqrt(5/3).
  const auto s = sample_statistics_of(std::vector<double>{4.0, 1.0, 3.0, 2.0});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->count, 4u);
  EXPECT_DOUBLE_EQ(s->mean, 2.5);
  EXPECT_DOUBLE_EQ(s->stdev, std::sqrt(5.0 / 3.0));
  EXPECT_EQ(s->median, 2.5);
  EXPECT_EQ(s->min, 1.0);
  EXPECT_EQ(s->max, 4.0);
  EXPECT_EQ(sample_statistics_of(std::vector<double>{7.0})->stdev, 0.0);
  EXPECT_FALSE(sample_statistics_of(std::vector<double>{}));
}

TEST(SummaryPooling, PoolingIsExactlyTheSummaryOfTheUnion) {
  const std::vector<double> a = {1.0, 1.2, 0.9, 1.1}, b = {1.3, 1.25, 1.4};
  std::vector<double> both = a;
  both.insert(both.end(), b.begin(), b.end());
  const SampleStatistics pooled = pool_summaries(*sample_statistics_of(a), *sample_statistics_of(b));
  const SampleStatistics direct = *sample_statistics_of(both);
  EXPECT_EQ(pooled.count, 7u);
  EXPECT_NEAR(pooled.mean, direct.mean, 1e-15);
  EXPECT_NEAR(pooled.stdev, direct.stdev, 1e-15);
  EXPECT_EQ(pooled.min, 0.9);
  EXPECT_EQ(pooled.max, 1.4);
  EXPECT_FALSE(pooled.median) << "a median cannot be pooled from medians";
}

TEST(SummaryPooling, UnknownExtremesStayUnknown) {
  const SampleStatistics a{10, 1.0, 0.1, std::nullopt, std::nullopt, std::nullopt};
  const SampleStatistics b{30, 2.0, 0.2, std::nullopt, 1.5, 2.5};
  const SampleStatistics p = pool_summaries(a, b);
  EXPECT_EQ(p.count, 40u);
  EXPECT_DOUBLE_EQ(p.mean, 1.75);
  // (9 * 0.01 + 29 * 0.04 + 10 * 0.5625 + 30 * 0.0625) / 39
  EXPECT_NEAR(p.stdev, std::sqrt((0.09 + 1.16 + 5.625 + 1.875) / 39.0), 1e-15);
  EXPECT_FALSE(p.min || p.max);
}

TEST(SummaryPooling, PoolRunsCombinesSummariesAndSamples) {
  const std::vector<double> first = {1.0e-3, 1.1e-3, 0.9e-3}, second = {1.2e-3, 1.3e-3}, third = {1.0e-3, 1.05e-3};
  const Results one = testing::results("nv", {summarized("reduce/T=F32", first)}, testing::test_gpu());
  const Results two = testing::results("nv", {summarized("reduce/T=F32", second)}, testing::test_gpu());
  // A run whose sample files were there: its samples join the summary.
  const Results three = testing::results("nv", {testing::benchmark("reduce/T=F32", third)}, testing::test_gpu());
  const Results pooled = pool_runs({one, two, three});
  ASSERT_EQ(pooled.benchmarks.size(), 1u);
  const BenchmarkResult& b = pooled.benchmarks[0];
  EXPECT_TRUE(b.samples.empty());
  EXPECT_TRUE(b.rounds.empty());
  ASSERT_TRUE(b.summary);
  std::vector<double> all = first;
  all.insert(all.end(), second.begin(), second.end());
  all.insert(all.end(), third.begin(), third.end());
  const SampleStatistics direct = *sample_statistics_of(all);
  EXPECT_EQ(b.summary->count, 7u);
  EXPECT_NEAR(b.summary->mean, direct.mean, 1e-18);
  EXPECT_NEAR(b.summary->stdev, direct.stdev, 1e-18);
  EXPECT_EQ(b.summary->min, 0.9e-3);
  EXPECT_EQ(b.summary->max, 1.3e-3);
}

TEST(SummaryPooling, SamplesFirstThenASummaryAlsoPools) {
  const Results one = testing::results("nv", {testing::benchmark("k", {1.0, 2.0})}, testing::test_gpu());
  const Results two = testing::results("nv", {summarized("k", {3.0, 4.0})}, testing::test_gpu());
  const Results pooled = pool_runs({one, two});
  const BenchmarkResult& b = pooled.benchmarks[0];
  EXPECT_TRUE(b.samples.empty());
  ASSERT_TRUE(b.summary);
  EXPECT_EQ(b.summary->count, 4u);
  EXPECT_DOUBLE_EQ(b.summary->mean, 2.5);
  EXPECT_DOUBLE_EQ(b.summary->stdev, std::sqrt(5.0 / 3.0));
}

// Issue 43: a baseline pooled from a history's runs (oldest first) named
// the oldest run's commit and date; it is the newest's.
TEST(SummaryPooling, ThePooledRunsCommitAndDateAreTheNewestRunsOwn) {
  Results old_run = testing::results("nv", {testing::benchmark("k", {1.0, 2.0})}, testing::test_gpu());
  Results new_run = testing::results("nv", {testing::benchmark("k", {3.0, 4.0})}, testing::test_gpu());
  old_run.source.git_commit = "aaaa";
  old_run.created_utc = "2026-11-01T00:00:00Z";
  new_run.source.git_commit = "bbbb";
  new_run.source.perfgate_version = "0.1.0";
  new_run.created_utc = "2026-11-20T00:00:00Z";
  const Results pooled = pool_runs({old_run, new_run});
  EXPECT_EQ(pooled.source.git_commit, "bbbb");
  EXPECT_EQ(pooled.source.perfgate_version, "0.1.0");
  EXPECT_EQ(pooled.created_utc, "2026-11-20T00:00:00Z");
  EXPECT_EQ(pooled.benchmarks[0].samples.size(), 4u);
}

TEST(SummaryPooling, ASkippedRunStillMakesTheCaseSkipped) {
  const Results one = testing::results("nv", {summarized("k", {3.0, 4.0})}, testing::test_gpu());
  const Results two = testing::results("nv", {testing::skipped_benchmark("k", "Unsupported type.")}, testing::test_gpu());
  const Results pooled = pool_runs({one, two});
  const BenchmarkResult& b = pooled.benchmarks[0];
  EXPECT_TRUE(b.skipped);
  EXPECT_FALSE(b.summary);
}

TEST(SummaryPooling, AppendReplacesASummaryRatherThanGrowIt) {
  const Results old = testing::results("nv", {summarized("k", {3.0, 4.0})}, testing::test_gpu());
  const Results fresh = testing::results("nv", {summarized("k", {5.0, 6.0, 7.0})}, testing::test_gpu());
  RefreshOptions options;
  options.append = true;
  const Results refreshed = refreshed_baseline(old, fresh, options);
  ASSERT_TRUE(refreshed.benchmarks[0].summary);
  EXPECT_EQ(refreshed.benchmarks[0].summary->count, 3u);
}

}  // namespace
}  // namespace perfgate
