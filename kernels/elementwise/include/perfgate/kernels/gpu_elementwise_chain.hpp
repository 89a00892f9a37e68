#pragma once
// The element-wise chain y = gelu(a*x + b) * s + r on the GPU, as eager
// frameworks run it and as a fused kernel (the same five operations as
// cpu_elementwise_chain.hpp).  float32, any length.

#include <cstddef>

#include <cuda_runtime_api.h>

#include "perfgate/kernels/cpu_elementwise_chain.hpp"

namespace perfgate::kernels {

// One kernel per operation, the intermediate in `scratch` (as long as x):
// 44 bytes of memory traffic per element (kUnfusedBytesPerElement).
cudaError_t launch_chain_eager(const float* x, const float* r, float* y, float* scratch, std::size_t n, ChainScalars k,
                               cudaStream_t stream);

// One hand-written kernel: 12 bytes per element (kFusedBytesPerElement).
cudaError_t launch_chain_fused(const float* x, const float* r, float* y, std::size_t n, ChainScalars k,
                               cudaStream_t stream);

// The eager chain captured once into a CUDA graph and replayed: the same
// five kernels, one launch call.  Captured on a stream of its own.
class EagerChainGraph {
 public:
  EagerChainGraph() = default;
  ~EagerChainGraph();
  EagerChainGraph(const EagerChainGraph&) = delete;
  EagerChainGraph& operator=(const EagerChainGraph&) = delete;

  // Returns the first failing call's error; `api` names it.
  cudaError_t capture(const float* x, const float* r, float* y, float* scratch, std::size_t n, ChainScalars k,
                      const char** api);
  cudaError_t launch(cudaStream_t stream) const { return cudaGraphLaunch(exec_, stream); }

 private:
  cudaGraph_t graph_ = nullptr;
  cudaGraphExec_t exec_ = nullptr;
};

}  // namespace perfgate::kernels
