#pragma once
// The fused element-wise chain compiled at run time with NVRTC, as a JIT
// compiler (XLA, torch.compile, CuPy's ElementwiseKernel) would: the source
// is generated from the chain's operations with the scalars folded into it
// as literals, compiled to a CUBIN for the device's architecture, loaded as
// a library (cudaLibraryLoadData: no link against the driver library) and
// launched.  Compiling needs no GPU; loading and launching do.

#include <cstddef>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "perfgate/kernels/cpu_elementwise_chain.hpp"

namespace perfgate::kernels {

inline constexpr const char* kJitChainKernelName = "elementwise_chain_jit";

// CUDA C++ source of one kernel (x, r, y, n) -> y = gelu(a x + b) s + r;
// x, r and y must be 16-byte aligned (as cudaMalloc returns them).
std::string jit_chain_source(ChainScalars k);

// NVRTC: source -> CUBIN for sm_<arch> (90 for Hopper).  Throws
// std::runtime_error with "nvrtc<Call>: <error>" and the compiler's log.
std::vector<char> compile_jit_chain(const std::string& source, int arch);

// The architecture of CUDA device `device` as NVRTC names it (e.g. 90).
cudaError_t device_arch(int device, int* arch);

// A loaded CUBIN and its kernel.
class JitChainKernel {
 public:
  JitChainKernel() = default;
  ~JitChainKernel();
  JitChainKernel(const JitChainKernel&) = delete;
  JitChainKernel& operator=(const JitChainKernel&) = delete;

  cudaError_t load(const std::vector<char>& cubin);  // library load and kernel lookup
  cudaError_t unload();
  cudaError_t launch(const float* x, const float* r, float* y, std::size_t n, cudaStream_t stream) const;

 private:
  cudaLibrary_t library_ = nullptr;
  cudaKernel_t kernel_ = nullptr;
};

}  // namespace perfgate::kernels
