#pragma once
// index.html: what the history holds, and every series with a sparkline and
// a link to its trend page, by testbed, changed series first with the size
// of their latest change, with a filter (name, changed only) kept in the
// URL's fragment so that a link reopens the same view.

#include <optional>
#include <string>
#include <vector>

#include "perfgate/dashboard/changes_table.hpp"
#include "perfgate/history/series.hpp"

namespace perfgate::dashboard {

struct IndexEntry {
  history::SeriesKey key;
  std::string sparkline;     // sparkline_svg()
  std::size_t runs = 0;
  double latest_median_s = 0.0;
  std::size_t changes = 0;
  std::optional<ListedChange> latest_change;  // the series' last change in commit order
};

struct HistoryFacts {
  history::RunSpan runs;
  std::vector<std::string> testbeds;  // sorted, distinct
  std::vector<std::string> suites;    // sorted, distinct
  std::size_t benchmarks = 0;         // distinct names
};

// The index's order: by testbed; in each, the series with a change first,
// the largest latest change (by |change %|) first; then suite and benchmark.
bool index_order(const IndexEntry& a, const IndexEntry& b);

// `entries` in index_order.
std::string index_page(const HistoryFacts& facts, const std::vector<IndexEntry>& entries);

}  // namespace perfgate::dashboard
