#include "perfgate/cuda/case_checks.hpp"

#include <string>

#include "perfgate/cuda/availability.hpp"
#include "perfgate/cuda/device_buffer.hpp"
#include "perfgate/cuda/check.hpp"
#include "perfgate/model/results.hpp"
#include "perfgate/runtime/run_collector.hpp"
#include "runtime/gpu_shortage.hpp"

namespace perfgate::cuda {

bool device_ready(benchmark::State& state) {
  const Availability& device = availability();
  if (!device.usable) {
    state.SkipWithError((std::string(kSkipPrefix) + device.reason).c_str());
    return false;
  }
  if (auto lost = context_lost()) {
    state.SkipWithError((std::string(kContextLostPrefix) + *lost).c_str());
    return false;
  }
  return true;
}

bool check(benchmark::State& state, const char* api, cudaError_t error) {
  if (error == cudaSuccess) return true;
  const std::string message = error_text(api, error);
  if (is_sticky(error)) note_context_lost(message);
  if (!state.error_occurred()) state.SkipWithError(message.c_str());
  return false;
}

int visible_gpu_count() {
  const Availability& device = availability();
  return device.usable ? device.device_count : 0;
}

bool require_gpus(benchmark::State& state, int needed) {
  if (!device_ready(state)) return false;  // no device at all: its own reason
  if (const auto shortage = gpu_shortage(needed, visible_gpu_count())) {
    state.SkipWithError((std::string(kSkipPrefix) + *shortage).c_str());
    return false;
  }
  return true;
}

bool allocate(benchmark::State& state, DeviceBuffer& buffer, std::size_t bytes) {
  if (!availability().usable || context_lost()) return true;  // measure() skips or ends the case
  const cudaError_t error = buffer.allocate(bytes);
  if (error == cudaErrorMemoryAllocation) {  // DeviceBuffer cleared it for the next case
    state.SkipWithError((std::string(kSkipPrefix) + "not enough device memory for the case (" +
                         std::to_string(bytes >> 20) + " MiB more)").c_str());
    return false;
  }
  return check(state, "cudaMalloc", error);
}

}  // namespace perfgate::cuda
