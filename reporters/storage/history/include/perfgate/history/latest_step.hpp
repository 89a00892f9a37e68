#pragma once
// The latest change in a suite's series on a testbed, as `perfgate history
// changes` finds it (series_changes' detector, its default settings): the
// history as a reference (reference_runs.hpp) pools no runs across it, so
// that a baseline written after a step is not one part old level and four
// parts new.

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "perfgate/history/changes.hpp"
#include "perfgate/sql/sql_connection.hpp"

namespace perfgate::history {

struct LatestStep {
  Change change;                      // as `history changes` describes it
  std::set<std::string> runs_before;  // ids of the runs read before its first run at the new level
};

// Among the main runs of `suite` on `testbed`, the last `recent_runs` (in
// commit order) are read for each of `benchmarks`' series and the detector
// run on each; the change whose first run at the new level comes last
// (a drift: its last run) is the answer, none when no series changed.
std::optional<LatestStep> latest_step(sql::Connection& db, const std::string& suite, const std::string& testbed,
                                      const std::vector<std::string>& benchmarks, std::size_t recent_runs);

}  // namespace perfgate::history
