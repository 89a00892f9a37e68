#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

#include "perfgate/model/precision.hpp"

namespace perfgate::calibration {

// Fills `count` elements of the precision's storage type (double, float,
// half, bfloat16, fp8 e4m3; tf32 is stored as float) with values uniform in
// [-1, 1) from a hash of the index and `seed`.
cudaError_t fill_random(void* data, std::size_t count, Precision precision, std::uint64_t seed, cudaStream_t stream);

std::size_t element_bytes(Precision precision);

}  // namespace perfgate::calibration
