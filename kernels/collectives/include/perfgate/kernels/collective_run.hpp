#pragma once
// One NCCL collective (all-reduce, all-gather, reduce-scatter or broadcast
// of floats, sum, broadcast from rank 0) over every rank of a
// NcclCommunicators: each rank's buffers on its GPU, the grouped calls, and
// the correctness check (collective_pattern.hpp).
//
// Buffers as nccl-tests lays them out: out of place, a send and a receive
// buffer per rank; in place, one buffer whose part at rank * count is the
// input (all-gather) or the output (reduce-scatter), and which is both for
// all-reduce and broadcast.
//
//   CollectiveRun run(comms, {Collective::all_reduce, false, 1 << 20});
//   if (!run.allocate(&problem)) ...;
//   auto wrong = run.check(&problem);       // #wrong over all ranks
//   run.enqueue(&problem);                  // one call per rank, grouped

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/kernels/bus_bandwidth.hpp"
#include "perfgate/kernels/nccl_communicators.hpp"

namespace perfgate::kernels {

struct CollectiveSpec {
  Collective collective = Collective::all_reduce;
  bool in_place = false;
  std::size_t elements = 0;  // S / sizeof(float): the size nccl-tests sweeps
};

class CollectiveRun {
 public:
  CollectiveRun(const NcclCommunicators& comms, CollectiveSpec spec);
  ~CollectiveRun();
  CollectiveRun(const CollectiveRun&) = delete;
  CollectiveRun& operator=(const CollectiveRun&) = delete;

  // Each rank's buffers on its GPU; false with *problem (out of memory).
  bool allocate(std::string* problem);
  // After a failed allocate(): whether a GPU had too little memory (the
  // error cleared, so that the next case does not take it for its own).
  bool out_of_memory() const { return out_of_memory_; }
  // Queues the collective on every rank's stream (ncclGroupStart/End).
  bool enqueue(std::string* problem);
  // Fills every input with the pattern and every output with NaN, runs the
  // collective once, waits, copies each rank's output back and counts the
  // elements that differ from the expected values, summed over ranks.
  std::optional<std::size_t> check(std::string* problem);

  const CollectiveCounts& counts() const { return counts_; }
  // S in bytes as nccl-tests' algbw counts it (algorithm_bytes).
  double bytes() const;

 private:
  bool allocate_buffer(float** buffer, std::size_t elements, int rank, std::string* problem);
  float* input(int rank) const;
  float* output(int rank) const;
  bool fill(std::string* problem);

  const NcclCommunicators& comms_;
  CollectiveSpec spec_;
  CollectiveCounts counts_;
  std::vector<float*> send_;  // out of place only
  std::vector<float*> recv_;  // the output buffer; in place also the input
  bool out_of_memory_ = false;
};

}  // namespace perfgate::kernels
