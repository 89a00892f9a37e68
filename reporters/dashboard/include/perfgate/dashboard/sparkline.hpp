#pragma once
// A series in a table cell: its run medians over commit order, no axes.

#include <string>
#include <vector>

#include "perfgate/history/series.hpp"

namespace perfgate::dashboard {

inline constexpr std::size_t kSparklinePoints = 60;  // min/max-thinned (decimation.hpp)

// An inline <svg class="sparkline"> 120 x 24 px with one polyline; its
// <title> says the run count and the first and last median.
std::string sparkline_svg(const std::vector<history::SeriesPoint>& points);

}  // namespace perfgate::dashboard
