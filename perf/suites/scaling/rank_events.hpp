#pragma once
// Three CUDA events per GPU (start, compute done, collective done), read
// after the GPUs finished as per-rank times (iteration_split.hpp).

#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "iteration_split.hpp"

namespace perfgate::scaling {

class RankEvents {
 public:
  RankEvents() = default;
  ~RankEvents();
  RankEvents(const RankEvents&) = delete;
  RankEvents& operator=(const RankEvents&) = delete;

  // Events on devices 0 .. gpus-1; "" or "<api>: <error>".
  std::string create(int gpus);
  enum Mark { start = 0, compute_done = 1, collective_done = 2 };
  // Records `mark` of `rank` on `stream` (a stream of device `rank`).
  std::string record(int rank, Mark mark, cudaStream_t stream);
  // After every stream finished: each rank's compute and total time.
  std::string times(std::vector<RankTimes>* ranks) const;

 private:
  std::vector<cudaEvent_t> events_;  // 3 per rank
};

}  // namespace perfgate::scaling
