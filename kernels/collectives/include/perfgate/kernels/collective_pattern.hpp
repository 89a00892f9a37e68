#pragma once
// The correctness check of the collectives suite, like nccl-tests' #wrong:
// every rank's input is filled with a known pattern, the collective runs
// once, and each output element is compared with the value it must hold,
// computed here on the host.  The pattern is small whole numbers, so every
// sum NCCL can form (in any order, by any algorithm) is exact in float and
// the comparison is equality: an element is wrong or it is not.
//
//   value(rank, i) = (i mod 251) + 3 * rank
//
// Sums over up to 2048 ranks stay below 2^24, the whole numbers float holds
// exactly (2048 * 250 + 3 * 2048 * 2047 / 2 = 6.8e6).
// Broadcast's root is rank 0.

#include <cstddef>
#include <span>

#include "perfgate/kernels/bus_bandwidth.hpp"
#include "perfgate/kernels/host_device.hpp"

namespace perfgate::kernels {

PERFGATE_HOST_DEVICE inline float pattern_value(int rank, std::size_t index) {
  return static_cast<float>(index % 251u) + 3.0f * static_cast<float>(rank);
}

// Elements of rank `rank`'s input buffer that get pattern_value(rank, i):
// the whole input (collective_counts(...).send elements), filled from index 0.
// What output element `index` of rank `rank` must hold after the collective
// with NCCL count `count` over `ranks` ranks:
//   all-reduce       sum over q of value(q, index)
//   all-gather       value(index / count, index mod count)
//   reduce-scatter   sum over q of value(q, rank * count + index)
//   broadcast        value(0, index)
float expected_value(Collective collective, int ranks, int rank, std::size_t count, std::size_t index);

// Elements of `output` (rank `rank`'s whole output buffer) that differ from
// expected_value; NaN (an element never written) counts as wrong.
std::size_t count_wrong(Collective collective, int ranks, int rank, std::size_t count, std::span<const float> output);

}  // namespace perfgate::kernels
