#include <gtest/gtest.h>

#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

using testing::benchmark;

std::vector<double> flat(double median) { return {median * 0.999, median, median * 1.001, median, median}; }

BenchmarkResult copy(const std::string& name, double median, double bytes) {
  BenchmarkResult b = benchmark(name, flat(median));
  b.counters["GB/s"] = bytes / median * 1e-9;
  return b;
}

const Suggestion* find(const std::vector<Suggestion>& all, const std::string& benchmark) {
  for (const Suggestion& s : all)
    if (s.benchmark == benchmark) return &s;
  return nullptr;
}

TEST(SuggestTransfers, FiresForPageableCopiesWherePinnedIsFaster) {
  const double mib16 = 16.0 * 1024 * 1024;
  const Results r = testing::results("transfer",
                                     {copy("transfer/h2d/pageable/16MiB", mib16 / 10e9, mib16),   // 10 GB/s
                                      copy("transfer/h2d/pinned/16MiB", mib16 / 50e9, mib16),     // 50 GB/s
                                      copy("transfer/d2h/pageable/16MiB", mib16 / 40e9, mib16),   // 40 GB/s
                                      copy("transfer/d2h/pinned/16MiB", mib16 / 50e9, mib16)},    // 1.25x
                                     testing::test_gpu());
  const auto out = rules::transfers().apply(SuggestContext{r, nullptr, nullptr, std::nullopt});
  ASSERT_EQ(out.size(), 2u);
  const Suggestion* h2d = find(out, "transfer/h2d/pageable/16MiB");
  const Suggestion* d2h = find(out, "transfer/d2h/pageable/16MiB");
  ASSERT_TRUE(h2d && d2h);
  EXPECT_EQ(h2d->rule, "transfers");
  EXPECT_EQ(h2d->priority, Priority::high);  // 5x
  EXPECT_TRUE(h2d->expected_gain.measured);
  EXPECT_NEAR(h2d->expected_gain.factor, 5.0, 1e-9);
  EXPECT_NE(h2d->evidence.find("pageable 10 GB/s vs pinned 50 GB/s"), std::string::npos) << h2d->evidence;
  EXPECT_NE(h2d->hint.find("cudaMallocHost"), std::string::npos);
  EXPECT_EQ(d2h->priority, Priority::medium);  // 1.25x
  EXPECT_NEAR(d2h->expected_gain.factor, 1.25, 1e-9);
}

TEST(SuggestTransfers, FiresForASynchronousBatchWithTheBestStreamsVariantAndTheBound) {
  Results r = testing::results("transfer",
                               {benchmark("transfer/batch/sync", flat(40e-3)), benchmark("transfer/batch/streams:2", flat(25e-3)),
                                benchmark("transfer/batch/streams:4", flat(22e-3)),
                                benchmark("transfer/batch/copy_only", flat(20e-3)),
                                benchmark("transfer/batch/compute_only", flat(18e-3))},
                               testing::test_gpu());
  DerivedFigure bound;
  bound.name = "transfer/overlap_bound";
  bound.unit = "x";
  bound.value = 38.0 / 20.0;
  bound.inputs = {"transfer/batch/copy_only", "transfer/batch/compute_only"};
  r.figures.push_back(bound);
  const auto out = rules::transfers().apply(SuggestContext{r, nullptr, nullptr, std::nullopt});
  ASSERT_EQ(out.size(), 1u);
  const Suggestion& s = out[0];
  EXPECT_EQ(s.benchmark, "transfer/batch/sync");
  EXPECT_EQ(s.priority, Priority::medium);
  EXPECT_TRUE(s.expected_gain.measured);
  EXPECT_NEAR(s.expected_gain.factor, 40.0 / 22.0, 1e-9);
  EXPECT_NE(s.evidence.find("sync 40.0 ms vs streams:4 22.0 ms"), std::string::npos) << s.evidence;
  EXPECT_NE(s.evidence.find("the bound is 1.9x: copy 20.0 ms and compute 18.0 ms"), std::string::npos) << s.evidence;
  EXPECT_NE(s.hint.find("streams"), std::string::npos);
}

TEST(SuggestTransfers, SilentWhenPinnedAndStreamsAreNoFaster) {
  const double mib = 1024.0 * 1024;
  const Results r = testing::results(
      "transfer",
      {copy("transfer/h2d/pageable/1MiB", mib / 10e9, mib), copy("transfer/h2d/pinned/1MiB", mib / 11e9, mib),  // 1.1x
       copy("transfer/d2h/pageable/1MiB", mib / 10e9, mib),
       testing::skipped_benchmark("transfer/d2h/pinned/1MiB", "no CUDA device"),
       benchmark("transfer/batch/sync", flat(40e-3)), benchmark("transfer/batch/streams:2", flat(38e-3)),
       testing::failed_benchmark("transfer/batch/streams:4", "boom")},
      testing::test_gpu());
  EXPECT_TRUE(rules::transfers().apply(SuggestContext{r, nullptr, nullptr, std::nullopt}).empty());
}

}  // namespace
}  // namespace perfgate
