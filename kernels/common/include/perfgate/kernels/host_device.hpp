#pragma once
// Marks a function that the CPU reference and the CUDA kernel share, so the
// two compute the same formula from one definition.
#if defined(__CUDACC__)
#define PERFGATE_HOST_DEVICE __host__ __device__
#else
#define PERFGATE_HOST_DEVICE
#endif
