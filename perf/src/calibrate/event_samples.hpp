#pragma once

#include <functional>
#include <vector>

#include <cuda_runtime_api.h>

namespace perfgate::calibration {

// `warmup` untimed calls, then `samples` calls each between a CUDA event
// pair on `stream`: seconds per call.  Calibration work runs for
// milliseconds, so launch latency needs no hiding here.
std::vector<double> event_samples(cudaStream_t stream, int warmup, int samples, const std::function<void()>& call);

}  // namespace perfgate::calibration
