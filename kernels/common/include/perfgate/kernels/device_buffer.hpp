#pragma once
// Device memory owned by a kernel's GPU state, freed with it.  The kernel
// libraries depend only on CUDA and kernels/common, not on perfgate's
// runtime; perfgate::cuda::DeviceBuffer, which case code uses with
// allocate(state, ...), is this class (the header is installed with it).

#include <cstddef>

#include <cuda_runtime_api.h>

namespace perfgate::kernels {

class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  ~DeviceBuffer() { cudaFree(data_); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  cudaError_t allocate(std::size_t bytes) {
    cudaFree(data_);
    data_ = nullptr;
    bytes_ = bytes;
    return cudaMalloc(&data_, bytes);
  }
  void* get() const { return data_; }
  template <class T>
  T* as() const { return static_cast<T*>(data_); }
  std::size_t bytes() const { return bytes_; }

 private:
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace perfgate::kernels
