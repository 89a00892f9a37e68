#pragma once

#include "perfgate/model/fingerprint.hpp"

namespace perfgate::cuda {

// The fingerprint of a CUDA device through CUDA 13's APIs (clocks through
// cudaDeviceGetAttribute, since cudaDeviceProp lost clockRate and
// memoryClockRate).  Throws DeviceError when a query fails.
Fingerprint device_fingerprint(int device);

}  // namespace perfgate::cuda
