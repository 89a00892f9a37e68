// The collectives suite's correctness check (#wrong): the expected values
// against a plain host simulation of each collective over the pattern, and
// the count of wrong elements.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "perfgate/kernels/collective_pattern.hpp"

namespace perfgate::kernels {
namespace {

// Each rank's input as the suite fills it: value(rank, i) for its whole input.
std::vector<std::vector<float>> inputs(Collective c, std::size_t elements, int ranks) {
  const CollectiveCounts counts = collective_counts(c, elements, ranks);
  std::vector<std::vector<float>> in(static_cast<std::size_t>(ranks), std::vector<float>(counts.send));
  for (int r = 0; r < ranks; ++r)
    for (std::size_t i = 0; i < counts.send; ++i) in[static_cast<std::size_t>(r)][i] = pattern_value(r, i);
  return in;
}

// What the collective leaves in `rank`'s output, done the obvious way.
std::vector<float> simulate(Collective c, std::size_t elements, int ranks, int rank) {
  const CollectiveCounts counts = collective_counts(c, elements, ranks);
  const auto in = inputs(c, elements, ranks);
  std::vector<float> out(counts.recv, 0.0f);
  for (std::size_t i = 0; i < counts.recv; ++i) {
    switch (c) {
      case Collective::all_reduce:
        for (int q = 0; q < ranks; ++q) out[i] += in[static_cast<std::size_t>(q)][i];
        break;
      case Collective::all_gather: out[i] = in[i / counts.count][i % counts.count]; break;
      case Collective::reduce_scatter:
        for (int q = 0; q < ranks; ++q)
          out[i] += in[static_cast<std::size_t>(q)][static_cast<std::size_t>(rank) * counts.count + i];
        break;
      case Collective::broadcast: out[i] = in[0][i]; break;
    }
  }
  return out;
}

TEST(CollectivePattern, ExpectedValuesAreWhatEachCollectiveComputes) {
  for (Collective c : kCollectives)
    for (int ranks : {1, 2, 3, 8})
      for (int rank = 0; rank < ranks; ++rank) {
        const std::size_t elements = 600;  // over two periods of the pattern
        const auto out = simulate(c, elements, ranks, rank);
        const std::size_t count = collective_counts(c, elements, ranks).count;
        for (std::size_t i = 0; i < out.size(); ++i)
          ASSERT_EQ(expected_value(c, ranks, rank, count, i), out[i])
              << collective_name(c) << " ranks " << ranks << " rank " << rank << " element " << i;
        EXPECT_EQ(count_wrong(c, ranks, rank, count, out), 0u);
      }
}

TEST(CollectivePattern, RanksGetDistinctValues) {
  // A collective that copied the wrong rank's data must not pass.
  EXPECT_NE(pattern_value(0, 5), pattern_value(1, 5));
  EXPECT_NE(pattern_value(1, 5), pattern_value(2, 5));
  EXPECT_NE(expected_value(Collective::broadcast, 2, 1, 10, 3), pattern_value(1, 3));
}

TEST(CollectivePattern, SumsStayExactFarIntoLargeBuffers) {
  // 1 GiB of floats, 2048 ranks: the reduced values stay below 2^24, whole
  // numbers float holds exactly, so any summation order gives them.
  const std::size_t last = (std::size_t{1} << 28) - 1;
  const float sum = expected_value(Collective::all_reduce, 2048, 0, last + 1, last);
  EXPECT_LT(sum, 16777216.0f);
  EXPECT_EQ(sum, std::floor(sum));
  const double exact = 2048.0 * static_cast<double>(last % 251) + 3.0 * 2048.0 * 2047.0 / 2.0;
  EXPECT_EQ(static_cast<double>(sum), exact);
}

TEST(CollectivePattern, CountsPlantedErrorsAndUnwrittenElements) {
  const std::size_t count = collective_counts(Collective::all_gather, 64, 4).count;
  auto out = simulate(Collective::all_gather, 64, 4, 2);
  out[3] += 1.0f;
  out[40] = std::numeric_limits<float>::quiet_NaN();  // never written
  EXPECT_EQ(count_wrong(Collective::all_gather, 4, 2, count, out), 2u);
}

}  // namespace
}  // namespace perfgate::kernels
