#include "perfgate/writers/report_order.hpp"

#include <algorithm>
#include <cmath>

namespace perfgate {

std::vector<const BenchmarkComparison*> in_report_order(const Comparison& comparison) {
  std::vector<const BenchmarkComparison*> rows;
  for (const auto& b : comparison.benchmarks) rows.push_back(&b);
  // A ratio that is not a number (a file that said null) moves nothing: a
  // NaN key would make the order depend on the input's, so a report read
  // back and written again could come out in another order.
  const auto movement = [](const BenchmarkComparison* b) {
    if (!b->evidence || !std::isfinite(b->evidence->ratio)) return 0.0;
    return std::fabs(std::log(std::max(b->evidence->ratio, 1e-300)));
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const auto* a, const auto* b) {
    if (report_rank(a->verdict) != report_rank(b->verdict)) return report_rank(a->verdict) < report_rank(b->verdict);
    if (movement(a) != movement(b)) return movement(a) > movement(b);
    return a->name < b->name;
  });
  return rows;
}

}  // namespace perfgate
