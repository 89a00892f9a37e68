#pragma once
// Bounded storage (`perfgate history prune`): every run's medians are kept
// forever (they are the trend, a few numbers a run); the raw samples of
// runs older than the newest `keep_samples_runs` of their series (suite,
// testbed, kind) are deleted.

#include <cstddef>

#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::history {

struct PruneSummary {
  std::size_t runs_thinned = 0;     // runs whose samples were deleted now
  std::size_t samples_deleted = 0;
  std::size_t runs_kept_whole = 0;  // runs that still have their samples
};

// One transaction.  keep_samples_runs >= 1.
PruneSummary prune_samples(sql::Connection& db, std::size_t keep_samples_runs);

}  // namespace perfgate::history
