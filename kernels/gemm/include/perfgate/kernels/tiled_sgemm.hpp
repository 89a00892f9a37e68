#pragma once
// Our own FP32 GEMM: the example of code under test in the GEMM suite.  A
// classic shared-memory tiled kernel (128 x 128 tiles of C per block, 8 x 8
// outputs per thread, k in steps of 8) with bounds checks, so any m, n, k
// works.  Row-major, C = A * B.  The suite reports its speed as a % of
// cuBLAS FP32 at the same shapes.

#include <cuda_runtime_api.h>

#include "perfgate/kernels/cpu_gemm.hpp"

namespace perfgate::kernels {

cudaError_t launch_tiled_sgemm(const float* a, const float* b, float* c, GemmShape shape, cudaStream_t stream);

}  // namespace perfgate::kernels
