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

  // The size counts only once allocated.  A failed allocation is returned and
  // not left as the thread's last error: the next launch check
  // (cudaGetLastError) would take it for its own, and out of memory is no
  // lasting fault (a sweep skips the size that did not fit and goes on).
  cudaError_t allocate(std::size_t bytes) {
    cudaFree(data_);
    data_ = nullptr;
    bytes_ = 0;
    const cudaError_t error = cudaMalloc(&data_, bytes);
    if (error == cudaSuccess) bytes_ = bytes;
    else if (error == cudaErrorMemoryAllocation) cudaGetLastError();
    return error;
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
