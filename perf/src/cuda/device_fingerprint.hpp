#pragma once

#include "perfgate/model/fingerprint.hpp"

namespace perfgate::cuda {

// The fingerprint of a CUDA device through CUDA 13's APIs (clocks through
// cudaDeviceGetAttribute, since cudaDeviceProp lost clockRate and
// memoryClockRate).  Throws DeviceError when a query fails.
Fingerprint device_fingerprint(int device);

// The fingerprint of a run on CUDA devices 0..count-1 (count > 1): device
// 0's properties, each device's model and PCI bus id, the peer attributes of
// each ordered pair (cudaDeviceGetP2PAttribute), and the slug gpus_slug()
// gives ("-x<N>").  Throws DeviceError when a query fails.
Fingerprint gpus_fingerprint(int count);

}  // namespace perfgate::cuda
