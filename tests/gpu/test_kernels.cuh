#pragma once
// Small kernels for the GPU tests.

#include <cuda_runtime_api.h>

namespace perfgate::testing {

// y[i] = a * x[i] + y[i]
void launch_saxpy(float a, const float* x, float* y, int n, cudaStream_t stream);

// A launch that fails (more threads per block than any GPU allows).
void launch_invalid(cudaStream_t stream);

}  // namespace perfgate::testing
