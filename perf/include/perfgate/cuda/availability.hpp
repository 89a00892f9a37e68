#pragma once
// Whether this process can use a CUDA device, and if not, why.

#include <string>

namespace perfgate::cuda {

struct Availability {
  bool usable = false;
  int device = 0;       // the device cases run on (CUDA_VISIBLE_DEVICES decides which that is)
  int device_count = 0;
  std::string reason;   // "no CUDA device: ..." when not usable
};

// Asked once per process: cudaGetDeviceCount gives 35 without a driver,
// 34 with the stub library, 100 or 0 devices without a GPU.
const Availability& availability();

}  // namespace perfgate::cuda
