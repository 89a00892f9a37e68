#include "iteration_split.hpp"

#include <algorithm>

namespace perfgate::scaling {

IterationSplit split_iteration(const std::vector<RankTimes>& ranks) {
  IterationSplit s;
  if (ranks.empty()) return s;
  double compute_sum = 0;
  for (const RankTimes& r : ranks) {
    s.time_s = std::max(s.time_s, r.total_s);
    s.compute_s = std::max(s.compute_s, r.compute_s);
    compute_sum += r.compute_s;
  }
  s.collective_s = std::max(0.0, s.time_s - s.compute_s);
  const double mean_compute = compute_sum / static_cast<double>(ranks.size());
  s.imbalance_pct = mean_compute > 0 ? 100.0 * (s.compute_s / mean_compute - 1.0) : 0.0;
  return s;
}

void SplitMean::add(const IterationSplit& s) {
  sum_.time_s += s.time_s;
  sum_.compute_s += s.compute_s;
  sum_.collective_s += s.collective_s;
  sum_.imbalance_pct += s.imbalance_pct;
  ++calls_;
}

IterationSplit SplitMean::mean() const {
  if (calls_ == 0) return {};
  const double n = calls_;
  return IterationSplit{sum_.time_s / n, sum_.compute_s / n, sum_.collective_s / n, sum_.imbalance_pct / n};
}

double SplitMean::collective_pct() const { return sum_.time_s > 0 ? 100.0 * sum_.collective_s / sum_.time_s : 0.0; }

}  // namespace perfgate::scaling
