#pragma once
// `perfgate report --shards DIR`: what the merge job of a sharded gate
// (ci/examples/merge-shards.sh) reads.  DIR/<name>/ is one shard's report
// folder as `perfgate run --report-dir` leaves it, with the shard's gate
// exit code in a file `exit-code` (the CI job writes it).

#include <cstddef>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "perfgate/gate/run_outcome.hpp"

namespace perfgate::cli {

struct ShardReport {
  std::string name;                                   // its folder's name
  std::string code_text;                              // what its exit-code file says ("" without one)
  RunOutcome outcome{RunOutcome::Severity::error};    // of that code: an error without a readable one
  std::vector<std::filesystem::path> comparisons;     // comparisons/*.comparison.json
};

struct ShardedRun {
  std::vector<ShardReport> shards;  // by name
  std::size_t expected = 0;         // how many the CI matrix has

  // The worst shard's; an error too when fewer shards than expected left a
  // folder (a runner gone, a job cancelled, an upload failed).
  RunOutcome outcome() const;
  std::vector<std::filesystem::path> comparisons() const;
};

// Every sub-folder of `dir`, in name order.  A shard without a readable
// exit-code stopped before its gate ended: a harness error, said on
// `warnings`.  A missing `dir` is an InputError.
ShardedRun read_shards(const std::filesystem::path& dir, std::size_t expected, std::ostream& warnings);

// The head of the merged summary.md: "### perfgate: 2 of 3 shard(s), exit
// code 2" and a table of the shards and their codes.
std::string shards_headline(const ShardedRun& run, RunOutcome outcome);

}  // namespace perfgate::cli
