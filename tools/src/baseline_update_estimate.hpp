#pragma once
// What `perfgate baseline update` says before it measures a suite: how long
// its rounds will time at the least, from the newest baseline of the suite
// in its folder (each case's iterations x median time an iteration is the
// timed part of one repetition), and after each round, what the round took
// and what the rest should take at that pace.

#include <optional>
#include <string>

#include "perfgate/baselines/baseline_store.hpp"

namespace perfgate::cli {

struct UpdateEstimate {
  double timed_s = 0.0;      // rounds x repetitions x the sum over cases of iterations x median
  std::size_t cases = 0;     // the baseline's measured cases the filter keeps
  std::string slug;          // whose baseline
  std::string created_utc;   // when it was recorded
};

// From the newest baseline of `suite` in `store` (any device: the one that
// was recorded last), its cases that `filter` (Google Benchmark's regex,
// searched) keeps; none without a baseline, or with a filter it cannot read.
std::optional<UpdateEstimate> estimate_update(const BaselineStore& store, const std::string& suite,
                                              const std::string& filter, int repetitions, int rounds);

// "perfgate: S: 3 rounds of 20 repetitions: at least 62 s of timed work ..."
// or, without an estimate, that each round's time will be shown.
std::string estimate_line(const std::string& suite, const std::optional<UpdateEstimate>& estimate, int repetitions,
                          int rounds);

// "perfgate: S: round 1 of 3 took 25.3 s; about 51 s to go" (nothing to go after the last).
std::string round_line(const std::string& suite, int round, int rounds, double round_s);

}  // namespace perfgate::cli
