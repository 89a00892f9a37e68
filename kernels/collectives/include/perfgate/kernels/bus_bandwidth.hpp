#pragma once
// How nccl-tests turns a collective's time into bandwidths
// (nccl-tests doc/PERFORMANCE.md and each test's GetBw):
//
//   algbw = S / t                        GB/s, S in bytes, 1 GB = 1e9 bytes
//   busbw = algbw * factor(n)            n ranks
//     all-reduce                2(n-1)/n
//     all-gather, reduce-scatter (n-1)/n
//     broadcast                 1
//
// S is the size nccl-tests prints: the buffer of each rank for all-reduce
// and broadcast, the whole gathered output for all-gather, the whole input
// of each rank for reduce-scatter (the per-rank count times n).  busbw
// is the rate a link would need to move that collective's data in that
// time (ring-equivalent traffic), so it can be set against a link's peak
// whatever n is.  With one rank nothing crosses a link: busbw is 0 for
// all-reduce, all-gather and reduce-scatter.
//
// Host code only: the collectives suite's counters and its unit tests.

#include <cstddef>
#include <string_view>

namespace perfgate::kernels {

enum class Collective { all_reduce, all_gather, reduce_scatter, broadcast };
inline constexpr Collective kCollectives[] = {Collective::all_reduce, Collective::all_gather,
                                             Collective::reduce_scatter, Collective::broadcast};

// "all_reduce", "all_gather", "reduce_scatter", "broadcast" (case names).
std::string_view collective_name(Collective collective);

// Elements per rank of a collective of `elements` in all (S / element size),
// as nccl-tests sizes it (GetCollByteCount): all-gather and reduce-scatter
// split S into n parts (the remainder dropped); the others use S whole.
struct CollectiveCounts {
  std::size_t send = 0;   // each rank's input buffer
  std::size_t recv = 0;   // each rank's output buffer
  std::size_t count = 0;  // the count argument of the NCCL call
};
CollectiveCounts collective_counts(Collective collective, std::size_t elements, int ranks);

// S in bytes for a call with NCCL's `count` argument: count * element_bytes,
// times n for all-gather and reduce-scatter (their count is per rank).
double algorithm_bytes(Collective collective, std::size_t count, std::size_t element_bytes, int ranks);

// The busbw factor above; 0 for a rank count under 1.
double bus_factor(Collective collective, int ranks);

// bytes / seconds / 1e9; 0 when seconds is not positive.
double algbw_gbps(double bytes, double seconds);

// algbw * bus_factor(collective, ranks).
double busbw_gbps(Collective collective, int ranks, double algbw);

}  // namespace perfgate::kernels
