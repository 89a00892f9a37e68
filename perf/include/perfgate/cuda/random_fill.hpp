#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

#include "perfgate/model/precision.hpp"

namespace perfgate::cuda {

// Device-side random inputs: filling a 8192 x 8192 matrix on the host and
// copying it would cost more than the benchmark.  Deterministic per seed, so
// a test can regenerate the same values on the host (uniform_value()).
// Fills `count` elements of the precision's storage type (double, float,
// half, bfloat16, fp8 e4m3; tf32 is stored as float) with values uniform in
// [-1, 1) from a hash of the index and `seed`.
cudaError_t fill_random(void* data, std::size_t count, Precision precision, std::uint64_t seed, cudaStream_t stream);

// Bytes one element of the precision's storage type takes (tf32: 4).
std::size_t element_bytes(Precision precision);

// The value fill_random() stores at `index` for `seed`, before conversion to
// the storage type: the same splitmix64 hash on the host.
float uniform_value(std::uint64_t index, std::uint64_t seed);

}  // namespace perfgate::cuda
