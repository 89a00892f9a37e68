#include "copy_bandwidth.hpp"

#include <algorithm>
#include <string>

#include "cuda_call.hpp"
#include "event_samples.hpp"
#include "random_fill.hpp"

namespace perfgate::calibration {

CeilingMeasurement measure_copy_bandwidth(const CalibrationSettings& settings, cudaStream_t stream) {
  std::size_t free_bytes = 0, total_bytes = 0;
  require("cudaMemGetInfo", cudaMemGetInfo(&free_bytes, &total_bytes));
  // Large enough that L2 plays no part, small enough to leave room.
  const std::size_t bytes = std::min(settings.copy_bytes, free_bytes / 4) / 256 * 256;
  DeviceBuffer source(bytes), destination(bytes);
  require("fill", fill_random(source.get(), bytes / sizeof(float), Precision::fp32, 1, stream));
  CeilingMeasurement m;
  m.ceiling = "memory";
  m.method = "cudaMemcpyAsync device to device, " + std::to_string(bytes >> 20) + " MiB; bytes read + written";
  m.work_per_call = 2.0 * static_cast<double>(bytes);
  m.samples = event_samples(stream, settings.warmup, settings.samples, [&] {
    require("cudaMemcpyAsync", cudaMemcpyAsync(destination.get(), source.get(), bytes, cudaMemcpyDeviceToDevice, stream));
  });
  return m;
}

}  // namespace perfgate::calibration
