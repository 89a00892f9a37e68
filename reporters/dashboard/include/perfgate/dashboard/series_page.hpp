#pragma once
// One series' page: what it is, its trend (trend_svg.hpp) and its changes.

#include <string>
#include <vector>

#include "perfgate/history/changes.hpp"
#include "perfgate/history/series.hpp"

namespace perfgate::dashboard {

// The whole HTML file; it lives one folder below the site's root.
std::string series_page(const history::SeriesKey& key, const std::vector<history::SeriesPoint>& points,
                        const std::vector<history::Change>& changes);

}  // namespace perfgate::dashboard
