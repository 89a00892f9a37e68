// The collectives suite's bandwidths against nccl-tests' definitions
// (doc/PERFORMANCE.md, each test's GetBw and GetCollByteCount) and against
// numbers nccl-tests printed: all_reduce_perf on 16 H100s (2 nodes x 8),
// float sum, out of place.

#include <gtest/gtest.h>

#include "perfgate/kernels/bus_bandwidth.hpp"

namespace perfgate::kernels {
namespace {

constexpr std::size_t kGiB = std::size_t{1} << 30;

TEST(BusBandwidth, FactorsAreNcclTests) {
  EXPECT_DOUBLE_EQ(bus_factor(Collective::all_reduce, 8), 2.0 * 7.0 / 8.0);
  EXPECT_DOUBLE_EQ(bus_factor(Collective::all_gather, 8), 7.0 / 8.0);
  EXPECT_DOUBLE_EQ(bus_factor(Collective::reduce_scatter, 4), 3.0 / 4.0);
  EXPECT_DOUBLE_EQ(bus_factor(Collective::broadcast, 8), 1.0);
  EXPECT_DOUBLE_EQ(bus_factor(Collective::all_reduce, 2), 1.0);
}

TEST(BusBandwidth, OneRankMovesNothingOverALink) {
  EXPECT_DOUBLE_EQ(bus_factor(Collective::all_reduce, 1), 0.0);
  EXPECT_DOUBLE_EQ(bus_factor(Collective::all_gather, 1), 0.0);
  EXPECT_DOUBLE_EQ(bus_factor(Collective::reduce_scatter, 1), 0.0);
  EXPECT_DOUBLE_EQ(bus_factor(Collective::broadcast, 1), 1.0);
  EXPECT_DOUBLE_EQ(bus_factor(Collective::all_reduce, 0), 0.0);
}

TEST(BusBandwidth, AllReduceMatchesPrintedNcclTestsRows) {
  // size (B), time (us), algbw, busbw as all_reduce_perf printed them (2 decimals).
  struct Row { std::size_t bytes; double us, algbw, busbw; };
  const Row rows[] = {{1073741824, 6759.0, 158.86, 297.86},
                      {8388608, 571.9, 14.67, 27.50},
                      {134217728, 1652.2, 81.24, 152.32}};
  for (const Row& row : rows) {
    const std::size_t count = row.bytes / sizeof(float);
    const double bytes = algorithm_bytes(Collective::all_reduce, count, sizeof(float), 16);
    EXPECT_DOUBLE_EQ(bytes, static_cast<double>(row.bytes));
    const double algbw = algbw_gbps(bytes, row.us * 1e-6);
    EXPECT_NEAR(algbw, row.algbw, 0.005) << row.bytes;
    EXPECT_NEAR(busbw_gbps(Collective::all_reduce, 16, algbw), row.busbw, 0.01) << row.bytes;
  }
}

TEST(BusBandwidth, GatherAndScatterCountThePerRankPartTimesRanks) {
  // nccl-tests -g 8 at 1 GiB: the call's count is 1 GiB / 4 B / 8 per rank,
  // and S is that count times 4 B times 8 ranks = 1 GiB again.
  const std::size_t elements = kGiB / sizeof(float);
  for (Collective c : {Collective::all_gather, Collective::reduce_scatter}) {
    const CollectiveCounts counts = collective_counts(c, elements, 8);
    EXPECT_EQ(counts.count, elements / 8);
    EXPECT_DOUBLE_EQ(algorithm_bytes(c, counts.count, sizeof(float), 8), static_cast<double>(kGiB));
    // 10 ms: algbw = 1.073741824 GB / 0.01 s; busbw = algbw * 7/8.
    const double algbw = algbw_gbps(algorithm_bytes(c, counts.count, sizeof(float), 8), 0.01);
    EXPECT_DOUBLE_EQ(algbw, 107.3741824);
    EXPECT_DOUBLE_EQ(busbw_gbps(c, 8, algbw), 107.3741824 * 7.0 / 8.0);
  }
}

TEST(BusBandwidth, BroadcastBusbwIsAlgbw) {
  const double algbw = algbw_gbps(algorithm_bytes(Collective::broadcast, kGiB / 4, 4, 8), 0.004);
  EXPECT_DOUBLE_EQ(busbw_gbps(Collective::broadcast, 8, algbw), algbw);
}

TEST(BusBandwidth, CountsFollowNcclTestsBufferLayout) {
  // all-gather: each rank sends S/n, receives the n parts; the remainder of
  // S that does not split evenly is dropped, as in nccl-tests.
  const CollectiveCounts gather = collective_counts(Collective::all_gather, 10, 4);
  EXPECT_EQ(gather.send, 2u);
  EXPECT_EQ(gather.recv, 8u);
  EXPECT_EQ(gather.count, 2u);
  const CollectiveCounts scatter = collective_counts(Collective::reduce_scatter, 10, 4);
  EXPECT_EQ(scatter.send, 8u);
  EXPECT_EQ(scatter.recv, 2u);
  EXPECT_EQ(scatter.count, 2u);
  for (Collective c : {Collective::all_reduce, Collective::broadcast}) {
    const CollectiveCounts whole = collective_counts(c, 10, 4);
    EXPECT_EQ(whole.send, 10u);
    EXPECT_EQ(whole.recv, 10u);
    EXPECT_EQ(whole.count, 10u);
  }
}

TEST(BusBandwidth, NoTimeIsNoBandwidth) {
  EXPECT_DOUBLE_EQ(algbw_gbps(1e9, 0.0), 0.0);
  EXPECT_DOUBLE_EQ(algbw_gbps(1e9, -1.0), 0.0);
  EXPECT_DOUBLE_EQ(algbw_gbps(2e9, 1.0), 2.0);
}

TEST(BusBandwidth, NamesAreTheCaseNames) {
  EXPECT_EQ(collective_name(Collective::all_reduce), "all_reduce");
  EXPECT_EQ(collective_name(Collective::all_gather), "all_gather");
  EXPECT_EQ(collective_name(Collective::reduce_scatter), "reduce_scatter");
  EXPECT_EQ(collective_name(Collective::broadcast), "broadcast");
}

}  // namespace
}  // namespace perfgate::kernels
