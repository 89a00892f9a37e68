#pragma once
// Large synthetic results for measuring perfgate itself.

#include <cstddef>
#include <cstdint>

#include "perfgate/model/results.hpp"

namespace perfgate::harness {

// `benchmarks` cases of `samples` log-normal samples each (median 1 ms,
// 2% spread); every `slow_every`-th case (0: none) is 20% slower.
Results synthetic_results(std::size_t benchmarks, std::size_t samples, std::size_t slow_every, std::uint64_t seed);

}  // namespace perfgate::harness
