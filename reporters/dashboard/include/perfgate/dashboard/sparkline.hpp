#pragma once
// A series in a table cell: its run medians over commit order, no axes, on
// one honest scale for every series: the same relative range around each
// series' own median (a 2% noise looks as small in every row, and a step
// is never blown up to the cell's height), each change marked where it is.

#include <string>
#include <vector>

#include "perfgate/history/changes.hpp"
#include "perfgate/history/series.hpp"

namespace perfgate::dashboard {

inline constexpr std::size_t kSparklinePoints = 60;  // min/max-thinned (decimation.hpp)

// Every sparkline spans its series' current level x (1 -+ this), the
// current level being the median of its last kSparklineLevelRuns run
// medians: what the series does now sits in the middle, a run beyond the
// range is drawn at the edge.
inline constexpr double kSparklineRange = 0.10;
inline constexpr std::size_t kSparklineLevelRuns = 10;

// An inline <svg class="sparkline"> 120 x 24 px: a polyline, a mark per
// change (class "mark regression" / "mark improvement"; a drift's mark as
// wide as its range), and a <title> with the run count, the first and last
// median, the scale and how many runs lie beyond it.  `changes` in series
// order, as series_changes() gives them.
std::string sparkline_svg(const std::vector<history::SeriesPoint>& points, const std::vector<history::Change>& changes);

}  // namespace perfgate::dashboard
