#include "calibrate/calibrate_device.hpp"

#include <iomanip>
#include <ostream>

#include "copy_bandwidth.hpp"
#include "cuda_call.hpp"
#include "gemm_throughput.hpp"
#include "cuda/device_fingerprint.hpp"
#include "perfgate/model/results.hpp"
#include "roofline/per_sm_rates.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate {
namespace {

class Stream {
 public:
  Stream() { calibration::require("cudaStreamCreateWithFlags", cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
  ~Stream() { cudaStreamDestroy(stream_); }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  cudaStream_t get() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

void report(std::ostream& progress, const CeilingMeasurement& m) {
  const double rate = m.work_per_call / stats::median(m.samples);
  const bool memory = m.ceiling == "memory";
  progress << "  " << std::left << std::setw(7) << m.ceiling << std::right << std::fixed << std::setprecision(1)
           << std::setw(10) << (memory ? rate / 1e9 : rate / 1e12) << (memory ? " GB/s   " : " TFLOP/s") << "  ("
           << m.method << ", median of " << m.samples.size() << ")\n";
}

}  // namespace

DeviceCalibration calibrate_device(int device, const CalibrationSettings& settings, std::ostream& progress) {
  calibration::require("cudaSetDevice", cudaSetDevice(device));
  DeviceCalibration calibration;
  calibration.fingerprint = cuda::device_fingerprint(device);
  calibration.created_utc = utc_timestamp_now();
  progress << "perfgate: calibrating " << calibration.fingerprint.name << " (" << calibration.fingerprint.slug << ")\n";
  Stream stream;
  calibration.measurements.push_back(calibration::measure_copy_bandwidth(settings, stream.get()));
  report(progress, calibration.measurements.back());
  for (Precision p : kAllPrecisions) {
    // FP8 tensor cores exist from compute capability 8.9; elsewhere there is
    // nothing to measure (the other precisions run everywhere, if slowly).
    if (p == Precision::fp8 && !flops_per_sm_per_clock(calibration.fingerprint.compute_capability, p)) continue;
    if (auto m = calibration::measure_gemm_throughput(p, settings, stream.get())) {
      calibration.measurements.push_back(std::move(*m));
      report(progress, calibration.measurements.back());
    } else {
      progress << "  " << to_string(p) << ": cuBLAS has no GEMM for it on this device; not calibrated\n";
    }
  }
  return calibration;
}

}  // namespace perfgate
