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

#include "perfgate/kernels/device_buffer.hpp"

namespace perfgate::cuda {

// The kernels' own RAII buffer (kernels/common): one class for case code and
// the code under test.
using DeviceBuffer = kernels::DeviceBuffer;

// False (the case skipped: "not enough device memory", or failed with the
// error) when the allocation fails; true without a device.
bool allocate(benchmark::State& state, DeviceBuffer& buffer, std::size_t bytes);

}  // namespace perfgate::cuda
