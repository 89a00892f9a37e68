#include "perfgate/kernels/collective_pattern.hpp"

namespace perfgate::kernels {
namespace {

// Sum over q < n of value(q, index) = n (index mod 251) + 3 n (n - 1) / 2, in
// integers (exact in float below 2^24), so a 1 GiB buffer checks in one pass.
float sum_over_ranks(int ranks, std::size_t index) {
  const long long n = ranks;
  return static_cast<float>(n * static_cast<long long>(index % 251u) + 3 * n * (n - 1) / 2);
}

}  // namespace

float expected_value(Collective collective, int ranks, int rank, std::size_t count, std::size_t index) {
  switch (collective) {
    case Collective::all_reduce: return sum_over_ranks(ranks, index);
    case Collective::all_gather:
      return count == 0 ? 0.0f : pattern_value(static_cast<int>(index / count), index % count);
    case Collective::reduce_scatter:
      return sum_over_ranks(ranks, static_cast<std::size_t>(rank) * count + index);
    case Collective::broadcast: return pattern_value(0, index);
  }
  return 0.0f;
}

std::size_t count_wrong(Collective collective, int ranks, int rank, std::size_t count, std::span<const float> output) {
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < output.size(); ++i)
    if (!(output[i] == expected_value(collective, ranks, rank, count, i))) ++wrong;  // NaN compares unequal
  return wrong;
}

}  // namespace perfgate::kernels
