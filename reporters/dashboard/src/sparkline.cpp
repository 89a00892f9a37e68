#include "perfgate/dashboard/sparkline.hpp"

#include <algorithm>

#include "perfgate/dashboard/decimation.hpp"
#include "perfgate/writers/svg_plot.hpp"
#include "perfgate/model/time_text.hpp"
#include "perfgate/writers/xml_text.hpp"

namespace perfgate::dashboard {

std::string sparkline_svg(const std::vector<history::SeriesPoint>& points) {
  constexpr double kWidth = 120.0, kHeight = 24.0;
  std::string svg = "<svg class=\"sparkline\" width=\"120\" height=\"24\" viewBox=\"0 0 120 24\" role=\"img\">";
  if (points.empty()) return svg + "</svg>";
  std::vector<double> medians;
  for (const history::SeriesPoint& p : points) medians.push_back(p.median_s);
  const auto [low, high] = std::minmax_element(medians.begin(), medians.end());
  const svg::Domain y = svg::padded_domain(*low, *high, 0.05);
  const svg::Scale to_x = svg::linear_scale(0.0, static_cast<double>(points.size() - 1), 1.0, kWidth - 1.0);
  const svg::Scale to_y = svg::linear_scale(y.lo, y.hi, kHeight - 1.0, 1.0);
  svg += "<title>" + xml_escape_text(std::to_string(points.size()) + " runs, " + format_seconds(medians.front()) +
                                     " to " + format_seconds(medians.back())) + "</title><polyline points=\"";
  for (std::size_t i : decimate_min_max(medians, kSparklinePoints))
    svg += svg::coordinate(to_x(static_cast<double>(i))) + "," + svg::coordinate(to_y(medians[i])) + " ";
  return svg + "\"/></svg>";
}

}  // namespace perfgate::dashboard
