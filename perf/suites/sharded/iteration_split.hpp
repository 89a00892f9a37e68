#pragma once
// One timed call of the scaling workload on G GPUs, split into compute and
// collective from CUDA events on every GPU's stream.  All GPUs start
// together (perfgate::cuda::LaunchBlocker; within the microseconds the GPUs take to
// see its flag), so each GPU's events share one origin:
//   compute_r = start_r -> end of its compute (the steps and the overlap)
//   total_r   = start_r -> end of its all-reduce
// and the call's figures are
//   time_s        = max_r total_r          (the slowest GPU's time: the call's time)
//   compute_s     = max_r compute_r        (the slowest GPU's compute)
//   collective_s  = time_s - compute_s     (the all-reduce after the last GPU
//                                           arrived: communication alone; a
//                                           faster GPU's wait for the slowest
//                                           is imbalance, not counted here)
//   imbalance_pct = 100 (max_r compute_r / mean_r compute_r - 1)

#include <vector>

namespace perfgate::scaling {

struct RankTimes {
  double compute_s = 0, total_s = 0;
};

struct IterationSplit {
  double time_s = 0, compute_s = 0, collective_s = 0, imbalance_pct = 0;
};

// An empty `ranks` gives all zeros.
IterationSplit split_iteration(const std::vector<RankTimes>& ranks);

// The mean of the calls' splits, for the case's counters.
class SplitMean {
 public:
  void add(const IterationSplit& s);
  IterationSplit mean() const;  // all zeros before the first add
  // 100 collective_s / time_s over the calls (their sums), 0 without time.
  double collective_pct() const;

 private:
  IterationSplit sum_;
  int calls_ = 0;
};

}  // namespace perfgate::scaling
