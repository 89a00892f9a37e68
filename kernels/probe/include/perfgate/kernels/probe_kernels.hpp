#pragma once
// Kernels whose cost is known in advance, for checking perfgate's own
// timing: a kernel that does nothing, one that busy-waits a given time on
// the GPU's nanosecond clock, one that reads a working set once, and one
// that faults.  Their "reference" is the duration or the data they touch.

#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

namespace perfgate::kernels {

// <<<1, 1>>> and return: the floor of a launch.
void launch_empty(cudaStream_t stream);

// One thread spins until %globaltimer has advanced `nanoseconds`.
void launch_spin(std::uint64_t nanoseconds, cudaStream_t stream);

// Sums `count` floats into *out (grid-stride, one atomicAdd per block):
// every byte of the working set is read once per call (`count` a multiple
// of 4, `data` 16-byte aligned).
void launch_read_sum(const float* data, std::size_t count, float* out, cudaStream_t stream);

// y[i] = a * x[i] + y[i]
void launch_saxpy(float a, const float* x, float* y, int n, cudaStream_t stream);

// Writes through a null pointer: an illegal address, which loses the CUDA
// context (a sticky error).  For fault-handling tests only.
void launch_illegal_write(cudaStream_t stream);

// A launch that fails at once (more threads per block than any GPU allows).
void launch_invalid_configuration(cudaStream_t stream);

}  // namespace perfgate::kernels
