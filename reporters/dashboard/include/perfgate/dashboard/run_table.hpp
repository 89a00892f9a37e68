#pragma once
// One testbed's runs as every chart on the site refers to them: each run's
// commit, date, ordinal and time once per testbed (assets/runs-<hash>.js),
// where a copy in each series' data would be most of the site's bytes.

#include <cstdint>
#include <unordered_map>
#include <optional>
#include <string>
#include <vector>

#include "perfgate/history/series.hpp"

namespace perfgate::dashboard {

class RunTable {
 public:
  explicit RunTable(std::string testbed) : testbed_(std::move(testbed)) {}

  // The run's position in the table, given on first sight (by run id).
  std::size_t index_of(const history::SeriesPoint& point);

  std::size_t size() const { return commits_.size(); }

  // perfgate.runs("<testbed>", {commits: [...], dates: [...], ordinals:
  // "<codes>", times: "<codes>"}): ordinals as zigzag + 1 (0: none), times
  // (seconds since 1970) as zigzag differences from the run before.
  std::string script() const;

  // "assets/runs-<hash>.js", the hash as series_page_name's over the testbed.
  static std::string file_name(const std::string& testbed);

 private:
  std::string testbed_;
  std::unordered_map<std::string, std::size_t> index_;  // by run id
  std::vector<std::string> commits_, dates_;
  std::vector<std::optional<std::int64_t>> ordinals_;
  std::vector<std::int64_t> times_;
};

}  // namespace perfgate::dashboard
