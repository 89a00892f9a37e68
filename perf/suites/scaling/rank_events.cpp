#include "rank_events.hpp"

#include "perfgate/kernels/cuda_check.hpp"

namespace perfgate::scaling {
namespace {

std::string text(const char* api, cudaError_t e) {
  return e == cudaSuccess ? std::string() : kernels::cuda_error_text(api, e);
}

}  // namespace

RankEvents::~RankEvents() {
  for (cudaEvent_t e : events_)
    if (e) cudaEventDestroy(e);
}

std::string RankEvents::create(int gpus) {
  events_.assign(static_cast<std::size_t>(gpus) * 3, nullptr);
  for (int r = 0; r < gpus; ++r) {
    if (std::string e = text("cudaSetDevice", cudaSetDevice(r)); !e.empty()) return e;
    for (int m = 0; m < 3; ++m)
      if (std::string e = text("cudaEventCreate", cudaEventCreate(&events_[static_cast<std::size_t>(r) * 3 + m]));
          !e.empty())
        return e;
  }
  return {};
}

std::string RankEvents::record(int rank, Mark mark, cudaStream_t stream) {
  return text("cudaEventRecord", cudaEventRecord(events_[static_cast<std::size_t>(rank) * 3 + mark], stream));
}

std::string RankEvents::times(std::vector<RankTimes>* ranks) const {
  ranks->clear();
  for (std::size_t r = 0; r < events_.size() / 3; ++r) {
    float compute_ms = 0, total_ms = 0;
    if (std::string e = text("cudaEventElapsedTime", cudaEventElapsedTime(&compute_ms, events_[r * 3], events_[r * 3 + 1]));
        !e.empty())
      return e;
    if (std::string e = text("cudaEventElapsedTime", cudaEventElapsedTime(&total_ms, events_[r * 3], events_[r * 3 + 2]));
        !e.empty())
      return e;
    ranks->push_back(RankTimes{1e-3 * compute_ms, 1e-3 * total_ms});
  }
  return {};
}

}  // namespace perfgate::scaling
