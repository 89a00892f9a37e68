#include "perfgate/dashboard/chart_data.hpp"

#include "perfgate/dashboard/change_positions.hpp"
#include "perfgate/dashboard/js_text.hpp"
#include "perfgate/dashboard/page_name.hpp"
#include "perfgate/dashboard/series_code.hpp"

namespace perfgate::dashboard {
namespace {

using history::Change;
using history::SeriesPoint;

// A bound's distance from the median in steps, zigzag + 1; 0 when absent.
std::uint64_t bound_code(const std::optional<double>& bound, std::int64_t median_step, double base, bool below) {
  if (!bound || !(*bound > 0.0)) return 0;
  const std::int64_t step = log_step(*bound, base);
  return zigzag(below ? median_step - step : step - median_step) + 1;
}

std::string point_codes(const std::vector<SeriesPoint>& points, double base, RunTable& runs) {
  std::string codes;
  codes.reserve(points.size() * 8);
  std::int64_t previous_index = 0, previous_step = 0, previous_n = 0;
  for (const SeriesPoint& p : points) {
    const auto index = static_cast<std::int64_t>(runs.index_of(p));
    const std::int64_t step = log_step(p.median_s, base);
    const bool interval = p.low_s && p.high_s;
    append_vlq(codes, zigzag(index - previous_index));
    append_vlq(codes, zigzag(step - previous_step));
    append_vlq(codes, interval ? bound_code(p.low_s, step, base, true) : 0);
    append_vlq(codes, interval ? bound_code(p.high_s, step, base, false) : 0);
    append_vlq(codes, zigzag(p.sample_count - previous_n));
    previous_index = index;
    previous_step = step;
    previous_n = p.sample_count;
  }
  return codes;
}

std::string change_object(const Change& c, const ChangeSpan& at) {
  return "{shape:" + js_string(history::to_string(c.shape)) + ",first:" + std::to_string(at.first) +
         ",last:" + std::to_string(at.last) + ",before:" + js_number(c.before_s) + ",after:" + js_number(c.after_s) +
         ",pct:" + js_number(c.change_pct) + ",p:" + js_number(c.p_value) +
         ",undoneBy:" + (c.undone_by ? std::to_string(*c.undone_by) : std::string("null")) + "}";
}

std::string other_runs_array(const std::vector<KindRuns>& other_runs, double base, RunTable& runs) {
  std::string out = "[";
  for (const KindRuns& kind : other_runs) {
    if (kind.points.empty()) continue;
    if (out.size() > 1) out += ',';
    out += "{kind:" + js_string(kind.kind) + ",points:\"" + point_codes(kind.points, base, runs) + "\"}";
  }
  return out + "]";
}

std::string caught_array(const std::vector<history::CaughtRegression>& caught) {
  std::string out = "[";
  for (const history::CaughtRegression& c : caught) {
    if (out.size() > 1) out += ',';
    out += "{commit:" + js_string(c.commit) + ",kind:" + js_string(c.kind) + ",date:" + js_string(c.created_utc) +
           ",pct:" + (c.change_pct ? js_number(*c.change_pct) : std::string("null")) + "}";
  }
  return out + "]";
}

}  // namespace

std::string series_data_script(const history::SeriesKey& key, const std::vector<SeriesPoint>& points,
                               const std::vector<Change>& changes, RunTable& runs, const SeriesBeside& beside) {
  const double base = points.empty() || !(points.front().median_s > 0.0) ? 1.0 : points.front().median_s;
  std::string script = "perfgate.series({suite:" + js_string(key.suite) + ",testbed:" + js_string(key.testbed) +
                       ",benchmark:" + js_string(key.benchmark) + ",page:" + js_string(series_page_name(key)) +
                       ",base:" + js_number(base) + ",\npoints:\"" + point_codes(points, base, runs) + "\",\nchanges:[";
  const std::vector<ChangeSpan> at = change_positions(points, changes);
  for (std::size_t c = 0; c < changes.size(); ++c) {
    if (c > 0) script += ',';  // appended apart: GCC 12 warns (-Wrestrict, falsely) on "," + ...
    script += change_object(changes[c], at[c]);
  }
  script += "],\nothers:" + other_runs_array(beside.other_runs, base, runs);
  return script + ",\ncaught:" + caught_array(beside.caught) + "});\n";
}

std::string series_data_name(const history::SeriesKey& key) {
  const std::string page = series_page_name(key);
  return page.substr(0, page.size() - 5) + ".js";  // ".html" -> ".js"
}

}  // namespace perfgate::dashboard
