#pragma once
// index.html: what the history holds, and every series with a sparkline and
// a link to its trend page, by testbed, with a filter box on the name.

#include <string>
#include <vector>

#include "perfgate/history/series.hpp"

namespace perfgate::dashboard {

struct IndexEntry {
  history::SeriesKey key;
  std::string sparkline;     // sparkline_svg()
  std::size_t runs = 0;
  double latest_median_s = 0.0;
  std::size_t changes = 0;
};

struct HistoryFacts {
  history::RunSpan runs;
  std::vector<std::string> testbeds;  // sorted, distinct
  std::vector<std::string> suites;    // sorted, distinct
  std::size_t benchmarks = 0;         // distinct names
};

// `entries` sorted by testbed, then suite and benchmark.
std::string index_page(const HistoryFacts& facts, const std::vector<IndexEntry>& entries);

}  // namespace perfgate::dashboard
