#pragma once
// A typed device allocation owned by the KDE's GPU state (the kernel
// library does not depend on perfgate's runtime).  Zero elements allocate
// nothing: an electrode table or workspace may be empty.

#include <cstddef>
#include <vector>

#include <cuda_runtime_api.h>

namespace perfgate::kernels {

template <class T>
class DeviceArray {
 public:
  DeviceArray() = default;
  ~DeviceArray() { cudaFree(data_); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;

  cudaError_t allocate(std::size_t count) {
    cudaFree(data_);
    data_ = nullptr;
    if (count == 0) return cudaSuccess;
    return cudaMalloc(reinterpret_cast<void**>(&data_), count * sizeof(T));
  }
  cudaError_t upload(const std::vector<T>& host) {
    if (const cudaError_t e = allocate(host.size()); e != cudaSuccess || host.empty()) return e;
    return cudaMemcpy(data_, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice);
  }
  T* get() const { return data_; }

 private:
  T* data_ = nullptr;
};

}  // namespace perfgate::kernels
