// Figures over a batch-size sweep: best throughput, the knee, the largest
// batch that fit (a batch that ran out of memory is skipped).

#include "perfgate/runtime/batch_sweep.hpp"

#include <gtest/gtest.h>

#include "results_builder.hpp"

namespace perfgate {
namespace {

using testing::benchmark;
using testing::skipped_benchmark;

const std::vector<std::pair<int, std::string>> kSweep = {{1, "s/1"}, {2, "s/2"}, {4, "s/4"}, {8, "s/8"}, {16, "s/16"}};

BenchmarkResult per_call(const std::string& name, double seconds) { return benchmark(name, {seconds, seconds, seconds}); }

std::map<std::string, DerivedFigure> derive(const std::vector<BenchmarkResult>& cases) {
  std::map<std::string, DerivedFigure> by_name;
  for (const DerivedFigure& f : derive_figures(cases, figures::batch_sweep("s", kSweep))) by_name[f.name] = f;
  return by_name;
}

TEST(BatchSweep, KneeIsTheSmallestBatchWithinTenPercentOfTheBest) {
  // Throughput 100, 180, 300, 380, 400 samples/s: 90% of 400 is 360, first reached at 8.
  const auto f = derive({per_call("s/1", 1 / 100.0), per_call("s/2", 2 / 180.0), per_call("s/4", 4 / 300.0),
                         per_call("s/8", 8 / 380.0), per_call("s/16", 16 / 400.0)});
  ASSERT_EQ(f.size(), 3u);
  EXPECT_NEAR(*f.at("s/best_throughput").value, 400.0, 1e-9);
  EXPECT_EQ(f.at("s/best_throughput").unit, "samples/s");
  EXPECT_EQ(*f.at("s/knee_batch").value, 8.0);
  EXPECT_EQ(*f.at("s/largest_batch_that_fits").value, 16.0);
  EXPECT_NE(f.at("s/knee_batch").formula.find("90%"), std::string::npos) << f.at("s/knee_batch").formula;
}

TEST(BatchSweep, ABatchThatRanOutOfMemoryIsTheLimitAndTheRestStillCounts) {
  const auto f = derive({per_call("s/1", 1 / 100.0), per_call("s/2", 2 / 190.0), per_call("s/4", 4 / 200.0),
                         skipped_benchmark("s/8", "SKIPPED: not enough device memory for the case"),
                         skipped_benchmark("s/16", "SKIPPED: not enough device memory for the case")});
  EXPECT_EQ(*f.at("s/largest_batch_that_fits").value, 4.0);
  EXPECT_NEAR(*f.at("s/best_throughput").value, 200.0, 1e-9);
  EXPECT_EQ(*f.at("s/knee_batch").value, 2.0);
}

TEST(BatchSweep, NothingMeasuredGivesNoValuesWithTheReason) {
  std::vector<BenchmarkResult> cases;
  for (const auto& [batch, name] : kSweep) cases.push_back(skipped_benchmark(name, "SKIPPED: no CUDA device"));
  const auto f = derive(cases);
  ASSERT_EQ(f.size(), 3u) << "every figure is there, each without a value";
  for (const auto& [name, figure] : f) {
    EXPECT_FALSE(figure.value.has_value()) << name;
    EXPECT_EQ(figure.missing, "no batch size of the sweep was measured") << name;
  }
}

}  // namespace
}  // namespace perfgate
