#pragma once
// Where each change stands in its series: the position of its first run at
// the new level and, for a drift, of its last run (a step: the same).

#include <cstddef>
#include <vector>

#include "perfgate/history/changes.hpp"
#include "perfgate/history/series.hpp"

namespace perfgate::dashboard {

struct ChangeSpan {
  std::size_t first = 0;  // the change's first run
  std::size_t last = 0;   // a drift's last run; a step's first
};

// `changes` in series order, as series_changes() gives them.
std::vector<ChangeSpan> change_positions(const std::vector<history::SeriesPoint>& points,
                                         const std::vector<history::Change>& changes);

}  // namespace perfgate::dashboard
