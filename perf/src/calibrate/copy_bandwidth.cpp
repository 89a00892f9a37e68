#include "copy_bandwidth.hpp"

#include <algorithm>
#include <string>

#include "copy_kernel.hpp"
#include "cuda_call.hpp"
#include "event_samples.hpp"
#include "perfgate/stats/summary.hpp"
#include "perfgate/cuda/random_fill.hpp"

namespace perfgate::calibration {
namespace {

double rate(const CeilingMeasurement& m) { return m.work_per_call / stats::median(m.samples); }

}  // namespace

// Two ways to copy, and the ceiling is the faster: the copy engine path of
// cudaMemcpyAsync and a 16-byte vector kernel reach different fractions of
// the bus on different chips.
CeilingMeasurement measure_copy_bandwidth(const CalibrationSettings& settings, cudaStream_t stream) {
  std::size_t free_bytes = 0, total_bytes = 0;
  require("cudaMemGetInfo", cudaMemGetInfo(&free_bytes, &total_bytes));
  // Large enough that L2 plays no part, small enough to leave room.
  const std::size_t bytes = std::min(settings.copy_bytes, free_bytes / 4) / 4096 * 4096;
  const std::string size = std::to_string(bytes >> 20) + " MiB";
  DeviceBuffer source(bytes), destination(bytes);
  require("fill", cuda::fill_random(source.get(), bytes / sizeof(float), Precision::fp32, 1, stream));

  CeilingMeasurement memcpy_path;
  memcpy_path.ceiling = "memory";
  memcpy_path.method = "cudaMemcpyAsync device to device, " + size + "; bytes read + written";
  memcpy_path.work_per_call = 2.0 * static_cast<double>(bytes);
  memcpy_path.samples = event_samples(stream, settings.warmup, settings.samples, [&] {
    require("cudaMemcpyAsync", cudaMemcpyAsync(destination.get(), source.get(), bytes, cudaMemcpyDeviceToDevice, stream));
  });
  CeilingMeasurement kernel_path = memcpy_path;
  kernel_path.method = "16-byte vector copy kernel, " + size + "; bytes read + written";
  kernel_path.samples = event_samples(stream, settings.warmup, settings.samples, [&] {
    require("copy kernel", launch_vector_copy(source.get(), destination.get(), bytes, stream));
  });
  const bool kernel_faster = rate(kernel_path) > rate(memcpy_path);
  CeilingMeasurement& best = kernel_faster ? kernel_path : memcpy_path;
  const CeilingMeasurement& other = kernel_faster ? memcpy_path : kernel_path;
  best.method += " (the faster of two; " + other.method.substr(0, other.method.find(',')) + ": " +
                 std::to_string(static_cast<long long>(rate(other) / 1e9)) + " GB/s)";
  return best;
}

}  // namespace perfgate::calibration
