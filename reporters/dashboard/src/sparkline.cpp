#include "perfgate/dashboard/sparkline.hpp"

#include <algorithm>
#include <cstdio>

#include "perfgate/dashboard/change_positions.hpp"
#include "perfgate/dashboard/decimation.hpp"
#include "perfgate/reports/svg_plot.hpp"
#include "perfgate/model/time_text.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::dashboard {
namespace {

constexpr double kWidth = 120.0, kHeight = 24.0;

double median_of(std::vector<double> values) {
  const std::size_t middle = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle), values.end());
  const double upper = values[middle];
  if (values.size() % 2 == 1) return upper;
  return (*std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle)) + upper) / 2.0;
}

std::string title(const std::vector<double>& medians, double reference, std::size_t beyond) {
  char scale[32];
  std::snprintf(scale, sizeof scale, "%.0f%%", kSparklineRange * 100.0);
  std::string text = std::to_string(medians.size()) + " runs, " + format_seconds(medians.front()) + " to " +
                     format_seconds(medians.back()) + "; scale: the current level " + format_seconds(reference) + " ±" + scale;
  if (beyond > 0) text += ", " + std::to_string(beyond) + " run(s) beyond, drawn at the edge";
  return "<title>" + xml_escape_text(text) + "</title>";
}

std::string change_marks(const std::vector<history::SeriesPoint>& points, const std::vector<history::Change>& changes,
                         const svg::Scale& to_x) {
  std::string svg;
  const std::vector<ChangeSpan> at = change_positions(points, changes);
  for (std::size_t c = 0; c < changes.size(); ++c) {
    const double x1 = to_x(static_cast<double>(at[c].first)), x2 = to_x(static_cast<double>(at[c].last));
    svg += "<rect class=\"mark " + std::string(changes[c].change_pct > 0 ? "regression" : "improvement") + "\" x=\"" +
           svg::coordinate(x1 - 0.75) + "\" y=\"0\" width=\"" + svg::coordinate(x2 - x1 + 1.5) + "\" height=\"24\"/>";
  }
  return svg;
}

}  // namespace

std::string sparkline_svg(const std::vector<history::SeriesPoint>& points, const std::vector<history::Change>& changes) {
  std::string svg = "<svg class=\"sparkline\" width=\"120\" height=\"24\" viewBox=\"0 0 120 24\" role=\"img\">";
  if (points.empty()) return svg + "</svg>";
  std::vector<double> medians;
  for (const history::SeriesPoint& p : points) medians.push_back(p.median_s);
  const double reference =
      median_of({medians.end() - static_cast<std::ptrdiff_t>(std::min(medians.size(), kSparklineLevelRuns)), medians.end()});
  const double low = reference * (1.0 - kSparklineRange), high = reference * (1.0 + kSparklineRange);
  const svg::Scale to_x = svg::linear_scale(0.0, static_cast<double>(std::max<std::size_t>(points.size(), 2) - 1), 1.0,
                                            kWidth - 1.0);
  const svg::Scale to_y = svg::linear_scale(low, high, kHeight - 1.0, 1.0);
  const std::size_t beyond = static_cast<std::size_t>(
      std::count_if(medians.begin(), medians.end(), [&](double m) { return m < low || m > high; }));
  svg += title(medians, reference, beyond) + change_marks(points, changes, to_x) + "<polyline points=\"";
  for (std::size_t i : decimate_min_max(medians, kSparklinePoints))
    svg += svg::coordinate(to_x(static_cast<double>(i))) + "," + svg::coordinate(to_y(std::clamp(medians[i], low, high))) + " ";
  return svg + "\"/></svg>";
}

}  // namespace perfgate::dashboard
