#pragma once
// Device memory owned by a case, freed when the case returns:
//
//   perfgate::cuda::DeviceBuffer a;
//   if (!perfgate::cuda::allocate(state, a, bytes)) return;   // skipped on a GPU too small
//
// Without a device allocate() succeeds without allocating, so the case goes
// on to measure(), which skips it with the reason.

#include <cstddef>

#include <benchmark/benchmark.h>
#include <cuda_runtime_api.h>

namespace perfgate::cuda {

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

// False (the case skipped: "not enough device memory", or failed with the
// error) when the allocation fails; true without a device.
bool allocate(benchmark::State& state, DeviceBuffer& buffer, std::size_t bytes);

}  // namespace perfgate::cuda
