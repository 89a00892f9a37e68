#include "perfgate/dashboard/trend_svg.hpp"

#include <algorithm>

#include "perfgate/dashboard/change_text.hpp"
#include "perfgate/dashboard/decimation.hpp"
#include "perfgate/writers/svg_plot.hpp"
#include "perfgate/model/time_text.hpp"
#include "perfgate/writers/xml_text.hpp"

namespace perfgate::dashboard {
namespace {

using history::Change;
using history::SeriesPoint;

constexpr double kWidth = 960, kHeight = 320;
constexpr double kLeft = 72, kRight = 16, kTop = 12, kBottom = 40;

struct Frame {
  svg::Scale x, y;
};

Frame frame_of(const std::vector<SeriesPoint>& points) {
  double low = points.front().median_s, high = low;
  for (const SeriesPoint& p : points) {
    low = std::min({low, p.median_s, p.low_s.value_or(p.median_s)});
    high = std::max({high, p.median_s, p.high_s.value_or(p.median_s)});
  }
  const svg::Domain y = svg::padded_domain(low, high, 0.05);
  const double last = static_cast<double>(points.size() - 1);
  return {svg::linear_scale(0.0, last, kLeft, kWidth - kRight), svg::linear_scale(y.lo, y.hi, kHeight - kBottom, kTop)};
}

std::string line(double x1, double y1, double x2, double y2, const std::string& css_class, const std::string& extra = "") {
  return "<line class=\"" + css_class + "\" x1=\"" + svg::coordinate(x1) + "\" y1=\"" + svg::coordinate(y1) + "\" x2=\"" +
         svg::coordinate(x2) + "\" y2=\"" + svg::coordinate(y2) + "\"" + extra + "/>";
}

std::string label(double x, double y, const std::string& anchor, const std::string& text) {
  return "<text x=\"" + svg::coordinate(x) + "\" y=\"" + svg::coordinate(y) + "\" text-anchor=\"" + anchor + "\">" +
         xml_escape_text(text) + "</text>";
}

std::string order_text(const SeriesPoint& p, std::size_t i) {
  if (p.ordinal) return std::to_string(*p.ordinal);
  // Appended, not "#" + ...: GCC 12 warns (-Wrestrict, falsely) on that.
  std::string text = "#";
  text += std::to_string(i + 1);
  return text;
}

// Time ticks and grid on the left, commit-order ticks below.
std::string axes(const std::vector<SeriesPoint>& points, const Frame& f) {
  std::string svg;
  for (double v : svg::linear_ticks(f.y.lo, f.y.hi, 5)) {
    svg += line(kLeft, f.y(v), kWidth - kRight, f.y(v), "grid");
    svg += label(kLeft - 6, f.y(v) + 4, "end", format_seconds(v));
  }
  svg += line(kLeft, kHeight - kBottom, kWidth - kRight, kHeight - kBottom, "axis");
  std::size_t previous = points.size();
  for (double t : svg::linear_ticks(0.0, static_cast<double>(points.size() - 1), 6)) {
    const std::size_t i = static_cast<std::size_t>(t + 0.5);
    if (i == previous) continue;
    previous = i;
    svg += label(f.x(static_cast<double>(i)), kHeight - kBottom + 15, "middle", order_text(points[i], i));
  }
  svg += label((kLeft + kWidth - kRight) / 2, kHeight - 6, "middle", "commit order (ordinal), run median and 95% interval");
  return svg;
}

std::string point_title(const SeriesPoint& p, std::size_t i) {
  std::string text = "commit " + p.commit.substr(0, 12) + " (" + order_text(p, i) + "), " + p.created_utc +
                     ": median " + format_seconds(p.median_s);
  if (p.low_s && p.high_s) text += ", 95% [" + format_seconds(*p.low_s) + ", " + format_seconds(*p.high_s) + "]";
  return text + ", n " + std::to_string(p.sample_count);
}

std::string series_marks(const std::vector<SeriesPoint>& points, const std::vector<std::size_t>& kept, const Frame& f) {
  std::string intervals = "<path class=\"interval\" d=\"", median = "<polyline class=\"median\" points=\"", dots;
  for (std::size_t i : kept) {
    const SeriesPoint& p = points[i];
    const double x = f.x(static_cast<double>(i)), y = f.y(p.median_s);
    if (p.low_s && p.high_s) {  // appended piece by piece: GCC 12 warns (-Wrestrict, falsely) on "M" + ...
      intervals += 'M';
      intervals += svg::coordinate(x) + " " + svg::coordinate(f.y(*p.low_s)) + "V" + svg::coordinate(f.y(*p.high_s));
    }
    median += svg::coordinate(x) + "," + svg::coordinate(y) + " ";
    dots += "<circle class=\"point\" cx=\"" + svg::coordinate(x) + "\" cy=\"" + svg::coordinate(y) + "\" r=\"2.5\"><title>" +
            xml_escape_text(point_title(p, i)) + "</title></circle>";
  }
  return intervals + "\"/>" + median + "\"/>" + dots;
}

std::string change_marks(const std::vector<SeriesPoint>& points, const std::vector<Change>& changes, const Frame& f) {
  const std::vector<std::size_t> at = change_positions(points, changes);
  std::string svg;
  for (std::size_t c = 0; c < changes.size(); ++c) {
    const Change& change = changes[c];
    const double x = f.x(static_cast<double>(at[c]));
    const double begin = f.x(static_cast<double>(c == 0 ? 0 : at[c - 1]));
    const double end = f.x(static_cast<double>(c + 1 < at.size() ? at[c + 1] : points.size() - 1));
    const std::string title = "change at commit " + change.commit.substr(0, 12) + ": " + format_seconds(change.before_s) +
                              " -> " + format_seconds(change.after_s) + " (" + percent_text(change.change_pct) + ")";
    svg += "<g class=\"change\"><title>" + xml_escape_text(title) + "</title>";
    svg += line(x, kTop, x, kHeight - kBottom, "change-marker", " data-commit=\"" + xml_escape_attribute(change.commit) + "\"");
    svg += line(begin, f.y(change.before_s), x, f.y(change.before_s), "level");
    svg += line(x, f.y(change.after_s), end, f.y(change.after_s), "level");
    svg += "</g>";
  }
  return svg;
}

}  // namespace

std::vector<std::size_t> change_positions(const std::vector<SeriesPoint>& points, const std::vector<Change>& changes) {
  std::vector<std::size_t> at;
  std::size_t from = 0;
  for (const Change& c : changes) {
    std::size_t i = from;
    while (i < points.size() && !(points[i].commit == c.commit && points[i].ordinal == c.ordinal &&
                                  points[i].created_utc == c.created_utc))
      ++i;
    at.push_back(std::min(i, points.size() - 1));
    from = at.back();
  }
  return at;
}

std::string trend_svg(const std::vector<SeriesPoint>& points, const std::vector<Change>& changes) {
  std::string svg = "<svg class=\"trend\" width=\"960\" height=\"320\" viewBox=\"0 0 960 320\" role=\"img\">";
  if (points.empty()) return svg + "</svg>";
  const Frame f = frame_of(points);
  std::vector<double> medians;
  for (const SeriesPoint& p : points) medians.push_back(p.median_s);
  svg += axes(points, f);
  svg += change_marks(points, changes, f);  // under the points, whose titles must stay reachable
  svg += series_marks(points, decimate_min_max(medians, kTrendPoints), f);
  return svg + "</svg>";
}

}  // namespace perfgate::dashboard
