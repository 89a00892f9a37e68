#pragma once
// `perfgate device --calibrate`: measures a GPU's real ceilings.
//   memory   a 4 GiB device-to-device copy (the faster of cudaMemcpyAsync and
//            a 16-byte vector kernel), bytes read + written per second
//   compute  cuBLAS GEMM per precision at n x n x n on random data (never
//            zeros, which run faster than real data), 2 n^3 FLOP per call
// Each is timed with CUDA events after warm-up calls; the ceiling is the
// work over the median time (DeviceCalibration::ceilings()).

#include <cstddef>
#include <iosfwd>

#include "perfgate/formats/device_calibration.hpp"

namespace perfgate {

struct CalibrationSettings {
  int gemm_size = 8192;
  // Per buffer; capped at a quarter of free memory.  On an H100 4 GiB copies
  // ran 0.4% faster than 2 GiB ones (docs/gpu-runs.md).
  std::size_t copy_bytes = std::size_t{4} << 30;
  int warmup = 3;
  int samples = 20;
};

// Throws DeviceError("<api>: <error>") when the device or a library fails.
// Progress lines go to `progress`.
DeviceCalibration calibrate_device(int device, const CalibrationSettings& settings, std::ostream& progress);

}  // namespace perfgate
