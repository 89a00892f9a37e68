#pragma once
// Times work queued on every rank's stream with a CUDA event pair per GPU,
// and takes the slowest GPU's time as the time of the step: a collective
// ends for the job when its last rank is done.  Each GPU's time runs from
// its own start event to its own stop event.
//
//   RankTimer timer(comms);
//   timer.create(&problem);
//   timer.start(&problem); ...queue work on comms.stream(r)...; timer.stop(&problem);
//   std::optional<double> seconds = timer.slowest_seconds(&problem);   // waits

#include <optional>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "perfgate/kernels/nccl_communicators.hpp"

namespace perfgate::kernels {

class RankTimer {
 public:
  explicit RankTimer(const NcclCommunicators& comms) : comms_(comms) {}
  ~RankTimer();
  RankTimer(const RankTimer&) = delete;
  RankTimer& operator=(const RankTimer&) = delete;

  bool create(std::string* problem);  // the events, on each rank's GPU
  bool start(std::string* problem);   // a start event on every rank's stream
  bool stop(std::string* problem);    // a stop event on every rank's stream
  // Waits for the stop events; the largest start-to-stop time of any rank.
  std::optional<double> slowest_seconds(std::string* problem);
  // Each rank's time of the last slowest_seconds(), in seconds.
  const std::vector<double>& rank_seconds() const { return seconds_; }

 private:
  bool record(std::vector<cudaEvent_t>& events, const char* api, std::string* problem);

  const NcclCommunicators& comms_;
  std::vector<cudaEvent_t> start_, stop_;
  std::vector<double> seconds_;
};

}  // namespace perfgate::kernels
