// collective-below-peak: busbw at large sizes against the measured peer bandwidth.

#include <gtest/gtest.h>

#include "results_builder.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

using testing::benchmark;

constexpr double kGiB = 1024.0 * 1024 * 1024;

std::vector<double> flat(double median) { return {median * 0.999, median, median * 1.001, median, median}; }

// A collective of `bytes` at `busbw` GB/s on `gpus` GPUs (all-reduce factor).
BenchmarkResult collective(const std::string& sweep, double bytes, double busbw, int gpus) {
  const double algbw = busbw / (2.0 * (gpus - 1) / gpus);
  BenchmarkResult b = benchmark(sweep + "/bytes:" + std::to_string(static_cast<long long>(bytes)), flat(bytes / algbw * 1e-9));
  b.counters["algbw"] = algbw;
  b.counters["busbw"] = busbw;
  return b;
}

BenchmarkResult peer_copy(const std::string& name, double gbs) {
  BenchmarkResult b = benchmark(name, flat(kGiB / gbs * 1e-9));
  b.counters["GB/s"] = gbs;
  return b;
}

// nccl-tests' all-reduce factor 2(n-1)/n is 0 on one GPU.
BenchmarkResult one_gpu(const std::string& name) {
  BenchmarkResult b = benchmark(name, flat(1e-3));
  b.counters["algbw"] = kGiB / 1e-3 * 1e-9;
  b.counters["busbw"] = 0.0;
  return b;
}

std::vector<Suggestion> suggest(const Results& r) {
  return rules::collective_below_peak().apply(SuggestContext{r, nullptr, nullptr, std::nullopt});
}

TEST(SuggestCollectiveBelowPeak, FiresAtTheLargestSizeWithThePeerBandwidth) {
  const std::string sweep = "collectives/all_reduce/out_of_place/gpus:8";
  const Results r = testing::results("collectives",
                                     {collective(sweep, 1024, 0.5, 8), collective(sweep, 256 * 1024 * 1024.0, 90, 8),
                                      collective(sweep, kGiB, 100, 8), peer_copy("collectives/peer_copy/gpus:2", 300),
                                      peer_copy("collectives/peer_copy/gpus:2/reverse", 400)},
                                     testing::test_gpu());
  const auto out = suggest(r);
  ASSERT_EQ(out.size(), 1u);
  const Suggestion& s = out[0];
  EXPECT_EQ(s.rule, "collective-below-peak");
  EXPECT_EQ(s.benchmark, sweep + "/bytes:1073741824");
  EXPECT_EQ(s.priority, Priority::high);  // 25% of the peer bandwidth
  EXPECT_NE(s.evidence.find("busbw 100 GB/s at 1 GiB on 8 GPUs = 25% of the peer bandwidth measured with "
                            "cudaMemcpyPeer, 400 GB/s (collectives/peer_copy/gpus:2/reverse)"),
            std::string::npos)
      << s.evidence;
  EXPECT_NEAR(s.expected_gain.factor, 4.0, 1e-9);
  EXPECT_FALSE(s.expected_gain.measured);
  EXPECT_NE(s.hint.find("NCCL_DEBUG=INFO"), std::string::npos);
  EXPECT_NE(s.hint.find("NCCL_P2P_DISABLE"), std::string::npos);
  EXPECT_NE(s.hint.find("nvidia-smi topo -m"), std::string::npos);
}

TEST(SuggestCollectiveBelowPeak, ThePeerCopyOfTheSameSizeIsTheReference) {
  // As the collectives suite names them: a peer copy per size.
  const std::string sweep = "collectives/reduce_scatter/out_of_place/gpus:2";
  const Results r = testing::results("collectives",
                                     {collective(sweep, kGiB, 100, 2),
                                      peer_copy("collectives/peer_copy/gpus:2/bytes:16777216", 400),
                                      peer_copy("collectives/peer_copy/gpus:2/bytes:1073741824", 250)},
                                     testing::test_gpu());
  const auto out = suggest(r);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NE(out[0].evidence.find("= 40% of the peer bandwidth measured with cudaMemcpyPeer, 250 GB/s "
                                 "(collectives/peer_copy/gpus:2/bytes:1073741824)"),
            std::string::npos)
      << out[0].evidence;
  EXPECT_EQ(out[0].priority, Priority::medium);
}

TEST(SuggestCollectiveBelowPeak, MediumBetweenThirtyAndSixtyPercentAndSizesWithUnits) {
  const Results r = testing::results(
      "collectives",
      {benchmark("collectives/all_gather/in_place/gpus:2/bytes:128MiB", flat(1e-3)), peer_copy("p2p/memcpy_peer", 200)},
      testing::test_gpu());
  Results with_counters = r;
  with_counters.benchmarks[0].counters["busbw"] = 90.0;  // 45%
  const auto out = suggest(with_counters);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].priority, Priority::medium);
  EXPECT_NE(out[0].evidence.find("at 128 MiB on 2 GPUs = 45%"), std::string::npos) << out[0].evidence;
}

TEST(SuggestCollectiveBelowPeak, SilentNearPeakAtSmallSizesOnOneGpuOrWithoutAPeerMeasurement) {
  const std::string sweep = "collectives/all_reduce/out_of_place/gpus:";
  const Results near_peak = testing::results(
      "collectives",
      {collective(sweep + "8", kGiB, 350, 8),                              // 87.5%
       collective(sweep + "4", 16 * 1024 * 1024.0, 20, 4),                 // small: latency-bound by nature
       one_gpu(sweep + "1/bytes:1073741824"),                             // no link: busbw factor 0
       testing::skipped_benchmark(sweep + "2/bytes:1073741824", "SKIPPED: needs 2 GPUs, 1 present"),
       peer_copy("collectives/peer_copy/gpus:2", 400)},
      testing::test_gpu());
  EXPECT_TRUE(suggest(near_peak).empty());

  const Results no_peer = testing::results("collectives", {collective(sweep + "8", kGiB, 10, 8)}, testing::test_gpu());
  EXPECT_TRUE(suggest(no_peer).empty());

  const Results peer_unmeasured = testing::results(
      "collectives",
      {collective(sweep + "8", kGiB, 10, 8), testing::skipped_benchmark("collectives/peer_copy/gpus:2", "no peer access")},
      testing::test_gpu());
  EXPECT_TRUE(suggest(peer_unmeasured).empty());
}

}  // namespace
}  // namespace perfgate
