#pragma once
// One series' trend as an inline SVG: the run medians over commit order with
// their 95% intervals, each change point a dashed vertical line at its commit
// with the levels before and after it, and the commit, date and median of
// every drawn point on hover (<title>, no script).

#include <cstddef>
#include <string>
#include <vector>

#include "perfgate/history/changes.hpp"
#include "perfgate/history/series.hpp"

namespace perfgate::dashboard {

inline constexpr std::size_t kTrendPoints = 600;  // min/max-thinned beyond (decimation.hpp)

// The position in `points` of each change's first run at the new level
// (changes in series order, as series_changes() gives them).
std::vector<std::size_t> change_positions(const std::vector<history::SeriesPoint>& points,
                                          const std::vector<history::Change>& changes);

// <svg class="trend" ...>: x is the position in the full series, so the
// thinned points and the change markers stand where their runs are.
std::string trend_svg(const std::vector<history::SeriesPoint>& points, const std::vector<history::Change>& changes);

}  // namespace perfgate::dashboard
