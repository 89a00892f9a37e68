#include "perfgate/kernels/rank_timer.hpp"

#include <algorithm>

#include "current_device.hpp"
#include "perfgate/kernels/cuda_check.hpp"

namespace perfgate::kernels {
namespace {

bool cuda_ok(const char* api, cudaError_t error, int rank, std::string* problem) {
  if (error == cudaSuccess) return true;
  *problem = cuda_error_text(api, error) + " on GPU " + std::to_string(rank);
  return false;
}

}  // namespace

RankTimer::~RankTimer() {
  CurrentDevice keep;
  for (std::size_t rank = 0; rank < start_.size(); ++rank) {
    cudaSetDevice(comms_.device(static_cast<int>(rank)));
    cudaEventDestroy(start_[rank]);
    if (rank < stop_.size()) cudaEventDestroy(stop_[rank]);
  }
}

bool RankTimer::create(std::string* problem) {
  CurrentDevice keep;
  for (int rank = 0; rank < comms_.size(); ++rank) {
    cudaEvent_t start = nullptr, stop = nullptr;
    if (!cuda_ok("cudaSetDevice", cudaSetDevice(comms_.device(rank)), rank, problem) ||
        !cuda_ok("cudaEventCreate", cudaEventCreate(&start), rank, problem))
      return false;
    start_.push_back(start);
    if (!cuda_ok("cudaEventCreate", cudaEventCreate(&stop), rank, problem)) return false;
    stop_.push_back(stop);
  }
  seconds_.assign(start_.size(), 0.0);
  return true;
}

bool RankTimer::record(std::vector<cudaEvent_t>& events, const char* api, std::string* problem) {
  CurrentDevice keep;
  for (int rank = 0; rank < static_cast<int>(events.size()); ++rank)
    if (!cuda_ok("cudaSetDevice", cudaSetDevice(comms_.device(rank)), rank, problem) ||
        !cuda_ok(api, cudaEventRecord(events[static_cast<std::size_t>(rank)], comms_.stream(rank)), rank, problem))
      return false;
  return true;
}

bool RankTimer::start(std::string* problem) { return record(start_, "cudaEventRecord(start)", problem); }
bool RankTimer::stop(std::string* problem) { return record(stop_, "cudaEventRecord(stop)", problem); }

std::optional<double> RankTimer::slowest_seconds(std::string* problem) {
  CurrentDevice keep;
  double slowest = 0.0;
  for (int rank = 0; rank < static_cast<int>(stop_.size()); ++rank) {
    const auto r = static_cast<std::size_t>(rank);
    float milliseconds = 0.0f;
    if (!cuda_ok("cudaSetDevice", cudaSetDevice(comms_.device(rank)), rank, problem) ||
        !cuda_ok("cudaEventSynchronize", cudaEventSynchronize(stop_[r]), rank, problem) ||
        !cuda_ok("cudaEventElapsedTime", cudaEventElapsedTime(&milliseconds, start_[r], stop_[r]), rank, problem))
      return std::nullopt;
    seconds_[r] = static_cast<double>(milliseconds) / 1e3;
    slowest = std::max(slowest, seconds_[r]);
  }
  return slowest;
}

}  // namespace perfgate::kernels
