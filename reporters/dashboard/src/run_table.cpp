#include "perfgate/dashboard/run_table.hpp"

#include "perfgate/dashboard/js_text.hpp"
#include "perfgate/dashboard/page_name.hpp"
#include "perfgate/dashboard/series_code.hpp"

namespace perfgate::dashboard {
namespace {

std::string string_array(const std::vector<std::string>& texts) {
  std::string out = "[";
  for (std::size_t i = 0; i < texts.size(); ++i) {
    if (i > 0) out += ',';  // appended apart: GCC 12 warns (-Wrestrict, falsely) on "," + ...
    out += js_string(texts[i]);
  }
  return out + "]";
}

}  // namespace

std::size_t RunTable::index_of(const history::SeriesPoint& point) {
  const auto [it, added] = index_.emplace(point.run_id, commits_.size());
  if (added) {
    commits_.push_back(point.commit);
    dates_.push_back(point.created_utc);
    ordinals_.push_back(point.ordinal);
    times_.push_back(point.run_time);
  }
  return it->second;
}

std::string RunTable::script() const {
  std::string ordinals, times;
  std::int64_t previous_time = 0;
  for (std::size_t i = 0; i < commits_.size(); ++i) {
    append_vlq(ordinals, ordinals_[i] ? zigzag(*ordinals_[i]) + 1 : 0);
    append_vlq(times, zigzag(times_[i] - previous_time));
    previous_time = times_[i];
  }
  return "perfgate.runs(" + js_string(testbed_) + ",{commits:" + string_array(commits_) + ",\ndates:" +
         string_array(dates_) + ",\nordinals:\"" + ordinals + "\",\ntimes:\"" + times + "\"});\n";
}

std::string RunTable::file_name(const std::string& testbed) {
  // The page name's hash of (no suite, the testbed, no benchmark): one per testbed,
  // and a file name whatever the testbed's name holds.
  const std::string page = series_page_name({"", testbed, ""});
  const std::string hash = page.substr(page.rfind('-') + 1, page.size() - page.rfind('-') - 1 - 5);
  return "assets/runs-" + hash + ".js";
}

}  // namespace perfgate::dashboard
