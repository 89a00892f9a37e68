#pragma once
// Restores the calling thread's current device: driving every GPU from one
// thread switches it for each rank, and the caller's device (the one
// perfgate's case code runs on) must be current again afterwards.

#include <cuda_runtime_api.h>

namespace perfgate::kernels {

class CurrentDevice {
 public:
  CurrentDevice() { saved_ = cudaGetDevice(&device_) == cudaSuccess; }
  ~CurrentDevice() {
    if (saved_) cudaSetDevice(device_);
  }
  CurrentDevice(const CurrentDevice&) = delete;
  CurrentDevice& operator=(const CurrentDevice&) = delete;

 private:
  int device_ = 0;
  bool saved_ = false;
};

}  // namespace perfgate::kernels
