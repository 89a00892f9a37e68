#pragma once
// One re-measurement round's worker run (The gate, "Measuring until it
// knows"): its deadline, and what a round that fails or hangs does to its
// cases (issue 41).
//
// The deadline: a round that hangs (a deadlock, a wait that never ends)
// would hang the gate, since the re-measurement budget
// (--perfgate_remeasure_seconds) only decides whether a round starts.  So
// each round's worker is killed, with its process group, past
//   max(floor, kRoundDeadlineMultiple x the round's expected time),
// the expected time being, summed over the round's cases, what the case
// measured in the run (its samples x its iterations) scaled by the round's
// repetitions over the run's; the floor (--perfgate_round_deadline_floor,
// default 60 s) covers what the samples do not: starting the process, a
// GPU context, Google Benchmark's search for the iteration count.  The
// cases of a killed round are kept as they stood before it (a failed
// round, sequential_remeasure.hpp), and a run note says so.
//
// A case that fails in a round (an error, a crash, an exit of the process:
// case_worker.hpp) failed in this run: it is an ERROR, naming the round, as
// it would be in the run itself, and the run exits 2; never the case's own
// exit code.

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/model/results.hpp"

namespace perfgate {

inline constexpr double kRoundDeadlineMultiple = 10.0;

// The deadline of a round of `names`, `repetitions` each, from what the
// run measured (`run`), in seconds.
double round_deadline_seconds(const Results& run, const std::vector<std::string>& names, std::size_t repetitions,
                              double floor_seconds);

// What went wrong in the rounds so far.
struct RoundTrouble {
  std::map<std::string, std::string> failed;  // case -> why it is an ERROR (its first failed round)
  std::vector<std::string> notes;             // one per round killed at its deadline
};

// Runs round `round` of `names` (`round_args` select them) in a worker
// killed past `deadline_seconds`; their results, and what went wrong in
// `trouble`.  A case the killed round left unfinished gets an error record
// (not in `trouble.failed`): its look fails and it stays as it stood.
std::vector<BenchmarkResult> run_round(const std::vector<std::string>& round_args, const std::vector<std::string>& names,
                                       std::size_t round, double deadline_seconds, RoundTrouble& trouble);

// The cases that failed in a round made ERRORs; the notes added.
void apply_round_trouble(Comparison& comparison, const RoundTrouble& trouble);

}  // namespace perfgate
