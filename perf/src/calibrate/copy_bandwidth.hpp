#pragma once

#include <cuda_runtime_api.h>

#include "calibrate/calibrate_device.hpp"

namespace perfgate::calibration {

// The memory ceiling: cudaMemcpyAsync device to device of a large buffer;
// each call reads and writes it, so the work is twice its size.
CeilingMeasurement measure_copy_bandwidth(const CalibrationSettings& settings, cudaStream_t stream);

}  // namespace perfgate::calibration
