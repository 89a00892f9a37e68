#include "perfgate/gate/report_order.hpp"

#include <algorithm>
#include <cmath>

namespace perfgate {

std::vector<const BenchmarkComparison*> in_report_order(const Comparison& comparison) {
  // Each row's keys once (a log per comparison was most of the sort's time
  // at 100,000 cases).  A ratio that is not a number (a file that said null)
  // moves nothing: a NaN key would make the order depend on the input's, so
  // a report read back and written again could come out in another order.
  struct Keyed {
    int rank;
    double movement;
    const BenchmarkComparison* row;
  };
  std::vector<Keyed> keyed;
  keyed.reserve(comparison.benchmarks.size());
  for (const auto& b : comparison.benchmarks) {
    const bool moved = b.evidence && std::isfinite(b.evidence->ratio);
    keyed.push_back({report_rank(b.verdict), moved ? std::fabs(std::log(std::max(b.evidence->ratio, 1e-300))) : 0.0, &b});
  }
  std::stable_sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) {
    if (a.rank != b.rank) return a.rank < b.rank;
    if (a.movement != b.movement) return a.movement > b.movement;
    return a.row->name < b.row->name;
  });
  std::vector<const BenchmarkComparison*> rows;
  rows.reserve(keyed.size());
  for (const Keyed& k : keyed) rows.push_back(k.row);
  return rows;
}

}  // namespace perfgate
